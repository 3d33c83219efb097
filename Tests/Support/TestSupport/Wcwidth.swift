import Foundation
import RegimenFoundation

/// The Python wcwidth package as the oracle of terminal widths (scripts/wcwidth-widths.py; docs/text-width.md, "How
/// it is checked"): each string's width as `wcwidth.width(text, control_codes="ignore")` gives it.
package enum Wcwidth {
    /// Why the oracle cannot run here (python3 or its wcwidth package missing), or nil when it can: tests skip with it.
    package static let unavailableReason: String? =
        PythonScript.canImport("wcwidth")
        ? nil : "python3 with the Python package wcwidth is not installed (pip install wcwidth)"

    /// wcwidth's width of each of `texts`, in order (one run of python3 for them all).
    package static func widths(of texts: [String]) throws -> [Int] {
        let script = PackagePaths.root.appendingPathComponent("scripts/wcwidth-widths.py")
        let data = try PythonScript.run(script, input: JSONWriter.prettyText(.array(texts.map(JSONValue.string))))
        guard case .object(let answer) = try JSONParser.parse(data), case .array(let widths)? = answer["widths"] else {
            throw PythonScript.Failure(script: script.lastPathComponent, message: "no widths in its answer")
        }
        return try widths.map { value in
            guard case .integer(let width) = value else {
                throw PythonScript.Failure(script: script.lastPathComponent, message: "not a number: \(value)")
            }
            return width
        }
    }
}
