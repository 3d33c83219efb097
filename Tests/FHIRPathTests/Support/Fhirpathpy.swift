import FHIRPath
import Foundation
import RegimenFoundation
import TestSupport

/// fhirpathpy, run once for a batch of expressions over the sample (Scripts/fhirpathpy-evaluate.py), and the
/// comparison of its answers with Regimen's (docs/expressions.md, "How it is checked").
enum Fhirpathpy {
    /// One expression and the variables it is given.
    struct Case: Sendable {
        var expression: String
        var variables: [String: [JSONValue]] = [:]
    }

    /// fhirpathpy's answer to one case.
    enum Answer: Sendable {
        case result([JSONValue])
        case error(String)
    }

    static let script = PackagePaths.root.appendingPathComponent("Tests/FHIRPathTests/Scripts/fhirpathpy-evaluate.py")

    /// Whether python3 with fhirpathpy is installed (scripts/test installs it).
    static let isInstalled = PythonScript.canImport("fhirpathpy")

    /// fhirpathpy's answers to `cases` on the sample, in order.
    static func evaluate(_ cases: [Case]) throws -> [Answer] {
        var request: JSONObject = [:]
        request["resource"] = try JSONParser.parse(Data(Sample.json.utf8))
        request["cases"] = .array(
            cases.map { item in
                .object([
                    "expression": .string(item.expression),
                    "variables": .object(JSONObject(item.variables.map { ($0.key, .array($0.value)) })),
                ])
            })
        let data = try PythonScript.run(script, input: JSONWriter.prettyText(.object(request)))
        guard case .array(let answers) = try JSONParser.parse(data) else {
            throw PythonScript.Failure(script: script.lastPathComponent, message: "its answer is not an array")
        }
        return answers.map { answer in
            if case .object(let members) = answer, case .array(let items)? = members["result"] { return .result(items) }
            if case .object(let members) = answer, case .string(let message)? = members["error"] {
                return .error(message)
            }
            return .error("unreadable answer")
        }
    }

    /// Regimen's value as the script tags fhirpathpy's: the same text when both agree.
    static func tagged(_ value: FHIRPathValue) -> JSONValue {
        switch value {
        case .boolean(let flag): .object(["boolean": .bool(flag)])
        case .integer(let number): .object(["number": .string(String(number))])
        case .decimal(let number): .object(["number": .string(number.description)])
        case .string(let text): .object(["string": .string(text)])
        case .date(let date): .object(["string": .string(date.text)])
        case .dateTime(let dateTime): .object(["string": .string(dateTime.text)])
        case .time(let time): .object(["string": .string(time.text)])
        case .quantity(let quantity):
            .object(["quantity": .array([.string(quantity.value.description), .string(quantity.unit)])])
        case .element(let element): .object(["element": .object(element.members)])
        }
    }

    /// Whether Regimen's items and fhirpathpy's are the same: numbers equal to 1e-9 relative (fhirpathpy divides in
    /// binary floating point), dates and times equal once both are written to the millisecond in UTC (fhirpathpy
    /// writes every computed date-time to the millisecond), elements equal as JSON.
    static func same(_ ours: [FHIRPathValue], _ theirs: [JSONValue]) -> Bool {
        ours.count == theirs.count && zip(ours.map(tagged), theirs).allSatisfy(sameItem)
    }

    private static func sameItem(_ ours: JSONValue, _ theirs: JSONValue) -> Bool {
        guard case .object(let a) = ours, case .object(let b) = theirs, let key = a.keys.first,
            let mine = a[key], let other = b[key]
        else { return false }
        switch (key, mine, other) {
        case ("number", .string(let x), .string(let y)): return closeNumbers(x, y)
        case ("string", .string(let x), .string(let y)):
            return x == y || (temporalKey(x) != nil && temporalKey(x) == temporalKey(y))
        case ("quantity", .array(let x), .array(let y)):
            guard x.count == 2, y.count == 2, case .string(let u) = x[1], case .string(let v) = y[1],
                case .string(let p) = x[0], case .string(let q) = y[0]
            else { return false }
            return u == v && closeNumbers(p, q)
        case ("element", let x, let y): return sameJSON(x, y)
        default: return mine == other
        }
    }

    private static func closeNumbers(_ x: String, _ y: String) -> Bool {
        guard let a = Double(x), let b = Double(y) else { return x == y }
        return abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    private static func sameJSON(_ x: JSONValue, _ y: JSONValue) -> Bool {
        switch (x, y) {
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && a.allSatisfy { member in b[member.key].map { sameJSON(member.value, $0) } == true }
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(sameJSON)
        default:
            if let a = number(x), let b = number(y) { return abs(a - b) <= 1e-9 * max(1, abs(a)) }
            return x == y
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let whole): Double(whole)
        case .double(let number): number
        default: nil
        }
    }

    /// A date-time or time written to the millisecond in UTC, for texts that are one (nil otherwise): dates alone are
    /// compared as written.
    static func temporalKey(_ text: String) -> String? {
        var rest = Substring(text)
        var datePart = ""
        if let t = rest.firstIndex(of: "T") {
            datePart = String(rest[..<t])
            rest = rest[rest.index(after: t)...]
        } else if text.contains(":") {
            datePart = ""
        } else {
            return nil
        }
        var offset = 0
        if rest.hasSuffix("Z") {
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = rest[rest.index(after: sign)...].split(separator: ":").compactMap { Int($0) }
            guard zone.count == 2 else { return nil }
            offset = (zone[0] * 60 + zone[1]) * (rest[sign] == "-" ? -1 : 1)
            rest = rest[..<sign]
        }
        var seconds = rest.split(separator: ":").map(String.init)
        while seconds.count < 3 { seconds.append("00") }
        let whole = seconds[2].split(separator: ".")
        let millisecond = whole.count > 1 ? Int(whole[1].padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0 : 0
        guard let hour = Int(seconds[0]), let minute = Int(seconds[1]), let second = Int(whole.first ?? "0")
        else { return nil }
        var minutes = hour * 60 + minute - offset
        var day = datePart
        if !datePart.isEmpty {
            let parts = datePart.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            let number =
                CivilDate(year: parts[0], month: parts[1], day: parts[2]).dayNumber
                + CivilDate.floorDivide(minutes, 1440)
            day = CivilDate(dayNumber: number).text
        }
        minutes = ((minutes % 1440) + 1440) % 1440
        return "\(day)T\(minutes / 60):\(minutes % 60):\(second).\(millisecond)"
    }
}
