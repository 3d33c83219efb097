import Foundation
@testable import ResearchTasks
@testable import TerminalRunner
import XCTest

/// The readline source at a real terminal, before and apart from the CLI: tmux runs this test binary as a stand-in
/// `regimen run checkin` (same arguments, same exit codes) and `Tests/EndToEndTests/Scripts/tmux-checkin.sh`
/// drives it exactly as it drives the real CLI.
///
/// XCTest, not Swift Testing: children of Swift Testing inherit a signal mask that hangs tmux (platform.md §3).
final class ReadlineTmuxTests: XCTestCase {
    private static let driverVariable = "REGIMEN_TEST_READLINE_DRIVER_RESULTS"

    private var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs the check-in script against the stand-in; as the stand-in (inside tmux) it runs the check-in instead.
    func testReadlineCheckInUnderTmux() throws {
        if let results = ProcessInfo.processInfo.environment[Self.driverVariable] {
            Self.driveCheckIn(results: results)
        }
        let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
        XCTAssertNotNil(tmux, "tmux is not installed (scripts/install-deps installs it)")
        guard tmux != nil else { return }

        let sandbox = FileManager.default.temporaryDirectory.appendingPathComponent("regimen-readline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: sandbox) }
        // The stand-in `regimen`: `regimen run checkin --results DIR --store FILE` re-enters this test binary.
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        let standIn = sandbox.appendingPathComponent("regimen")
        let wrapper = """
            #!/bin/sh
            [ "$1 $2 $3" = "run checkin --results" ] || { echo "stand-in regimen: unexpected arguments" >&2; exit 64; }
            exec env \(Self.driverVariable)="$4" '\(testBinary)' TerminalRunnerTests.ReadlineTmuxTests/testReadlineCheckInUnderTmux

            """
        try wrapper.write(to: standIn, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(standIn.path, 0o755), 0)

        let outputFile = sandbox.appendingPathComponent("output.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: outputFile.path, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [packageRoot.appendingPathComponent("Tests/EndToEndTests/Scripts/tmux-checkin.sh").path, standIn.path]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = sandbox.path
        process.environment = environment
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(180)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("tmux-checkin.sh did not finish within 180 s")
        }
        try output.close()
        let text = try String(contentsOf: outputFile, encoding: .utf8)
        let summary = text.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, "tmux-checkin.sh failed:\n\(text)")
        XCTAssertTrue(summary.hasSuffix(" passed, 0 failed") && !summary.hasPrefix("0 "), "summary '\(summary)':\n\(text)")
    }

    /// The stand-in check-in: the shipped check-in's two-item form with the real answer formats, on readline (or piped
    /// lines), with the CLI's exit codes; never returns.
    private static func driveCheckIn(results: String) -> Never {
        let environment = TerminalEnvironment.current()
        let home = ProcessInfo.processInfo.environment["REGIMEN_HOME"] ?? NSTemporaryDirectory()
        let task = OrderedTask(identifier: "checkin", steps: [
            Step(identifier: "checkin.form", title: "Check-in", content: .form(FormContent(elements: [
                .item(FormItem(identifier: "checkin.form.pain", text: "How would you rate your pain?", isOptional: false, answerFormat: Fixtures.scale())),
                .item(FormItem(
                    identifier: "checkin.form.sleep", text: "How many hours of sleep did you get last night?", isOptional: false,
                    answerFormat: .scale(ScaleFormat(minimum: 0, maximum: 12)))),
            ]))),
            Step(identifier: "done", title: "Thank you", content: .completion(InstructionContent())),
        ])
        let session = TaskSession(task: task, taskRunUUID: UUID(), startDate: Date())
        var run = TerminalRun(
            session: session,
            source: environment.makeLineSource(historyFile: URL(fileURLWithPath: home).appendingPathComponent("history/checkin"), quiet: false),
            presenter: environment.makePresenter(quiet: false), clock: SystemClock(),
            parsingContext: AnswerParsingContext(calendar: Fixtures.calendar, now: Date()))
        do {
            let outcome = try run.run()
            let folder = URL(fileURLWithPath: results)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("checkin-\(outcome.result.taskRunUUID.uuidString).json")
            try? Transcript(header: TranscriptHeader(taskIdentifier: "checkin", surveyDigest: "", startDate: Date(), taskRunUUID: UUID()))
                .write(to: file)
            print(file.path)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("regimen: \(error)\n".utf8))
            switch error {
            case .interrupted, .quit: exit(130)
            case .inputEnded, .transcriptMismatch: exit(65)
            case .io, .sessionRefused: exit(1)
            }
        }
    }
}
