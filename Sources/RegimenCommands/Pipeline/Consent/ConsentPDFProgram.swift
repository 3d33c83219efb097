import Foundation
import SystemPackage

/// Makes the PDF of a signed consent copy with `regimen-study consent-pdf`, the program beside this one that links
/// Pango and cairo: the daily `regimen` does not load them (docs/consent.md, "The signed copy").
enum ConsentPDFProgram {
    /// The program's name, beside the running one.
    static let programName = "regimen-study"

    /// Writes the PDF of `text` to `pdf` (0600); nil on success, else why it was not made.
    static func make(text: FilePath, pdf: FilePath, title: String, day: String, language: String?) -> String? {
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let program = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(programName)
        let process = Process()
        process.executableURL = program
        process.arguments =
            ["consent-pdf", text.string, pdf.string, "--title", title, "--day", day]
            + (language.map { ["--language", $0] } ?? [])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return "\(program.path) cannot be run (install it beside \(URL(fileURLWithPath: own).lastPathComponent))"
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? "\(programName) consent-pdf exited with \(process.terminationStatus)" : text
        }
        return nil
    }
}
