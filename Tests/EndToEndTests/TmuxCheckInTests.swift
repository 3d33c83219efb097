import Foundation
import XCTest

/// The interactive check-in at a real terminal: `Scripts/tmux-checkin.sh` drives the built `regimen` in tmux.
///
/// XCTest, not Swift Testing: children of Swift Testing inherit a signal mask that blocks SIGINT and SIGTERM,
/// which hangs tmux (docs/terminal-input.md, "Terminal or pipe").
final class TmuxCheckInTests: XCTestCase {
    /// The `regimen` binary built beside the test bundle.
    private var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("regimen")
    }

    /// The package root, for the shipped `surveys/`.
    private var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// A script, from the test bundle's resources, else from the source tree.
    private func script(_ name: String) -> URL {
        if let scripts = Bundle.module.url(forResource: "Scripts", withExtension: nil) {
            let inBundle = scripts.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: inBundle.path) { return inBundle }
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/\(name)")
    }

    /// Validation message, Tab completion of `he`, history, Ctrl-C and Ctrl-D exit 130 with no result, exit 0 with one.
    func testInteractiveCheckInUnderTmux() throws {
        try runScript("tmux-checkin.sh")
    }

    /// Issue 11 at a terminal: "Replace it? [y/N]" read by readline (Tab; Ctrl-C, Ctrl-D and quit exit 130 writing
    /// nothing; y replaces), an unusable --results reported before any question, a line with ESC refused and kept out
    /// of the history, and the tour completing with its optional walk left empty, a two-line note and the study code's
    /// own message.
    func testParticipantSafeguardsUnderTmux() throws {
        try runScript("tmux-participant.sh")
    }

    /// Issue 19 at a terminal: quit keeps the answers, the feed shows the check-in in progress, the next runs offer to
    /// resume, Ctrl-C in a resumed run keeps the earlier answers, and back reaches the kept answer.
    func testFinishLaterUnderTmux() throws {
        try runScript("tmux-finish-later.sh")
    }

    /// Issue 44 at a terminal: an earlier answer piped into later text, a calculated BMI as a read-only line, the
    /// previous run's answer pre-filled and kept by Enter, and none offered once the survey file changed.
    func testExpressionsUnderTmux() throws {
        try runScript("tmux-expressions.sh")
    }

    /// Issue 45 at a terminal, with no locale in the environment: readline shows a Japanese answer, moves over and
    /// deletes whole two-column characters, and the answer comes back whole (docs/text-width.md, "The readline
    /// prompt").
    func testWideTextUnderTmux() throws {
        try runScript("tmux-wide-text.sh")
    }

    /// Issue 46 at a terminal: a logged task logged twice at the prompt (a refused value asked again, no "Replace
    /// it?"), and an article longer than the screen paged through less and quit with q (docs/logged-tasks.md,
    /// docs/articles.md).
    func testLogAndReadUnderTmux() throws {
        try runScript("tmux-log-and-read.sh")
    }

    /// Issue 45 at terminals of 40 and 80 columns: the check-in in Japanese and in Simplified Chinese, every screen row
    /// where Python's wcwidth puts it, fullwidth digits edited by whole characters and read as numbers, and a result
    /// that is the English replay's bytes apart from userInfo.language (docs/languages.md, "What is read").
    func testCheckInInJapaneseAndChineseUnderTmux() throws {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import wcwidth"]
        probe.standardError = FileHandle.nullDevice
        do {
            try probe.run()
            probe.waitUntilExit()
        } catch {
            throw XCTSkip("python3 cannot be started: \(error)")
        }
        guard probe.terminationStatus == 0 else {
            throw XCTSkip("the Python package wcwidth is not installed (pip install wcwidth)")
        }
        try runScript("tmux-language.sh")
    }

    /// Issue 50, a full disk ($REGIMEN_HOME on a 600 KB tmpfs in a private mount namespace): reading works, a run on
    /// the full disk stops before the first question naming the disk, piped answers come back as a command that gives
    /// them again, and at a terminal the answers wait in memory until space is freed (docs/store-file.md, "A full
    /// disk").
    func testFullDiskLosesNoAnswer() throws {
        try runScript("full-disk.sh")
    }

    /// Issue 47 (docs/consent.md): the study's tasks closed before consent; the consent run section by section at a
    /// terminal with a wrong comprehension answer, the name typed, the signed copy as text and PDF (pdftoppm renders
    /// it, pdftotext reads the name and version), its digests checked and a tampered copy refused; a decline, quit at
    /// every consent page and Ctrl-C storing nothing but the decline; a new version asked for again with the old
    /// signature and the answers kept; withdrawal stopping new answers.
    func testConsentUnderTmux() throws {
        for tool in ["pdftotext", "pdftoppm"] {
            guard
                ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":").contains(where: {
                    FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
                })
            else { throw XCTSkip("\(tool) is not installed (poppler-utils)") }
        }
        try runScript("tmux-consent.sh")
    }

    private func runScript(_ name: String) throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("the regimen executable is not built at \(executable.path)")
        }
        let sandbox = FileManager.default.temporaryDirectory.appendingPathComponent("regimen-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: sandbox) }
        let outputFile = sandbox.appendingPathComponent("output.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: outputFile.path, contents: nil))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script(name).path, executable.path]
        process.currentDirectoryURL = sandbox
        var environment = ProcessInfo.processInfo.environment
        environment["REGIMEN_NOW"] = "2026-11-21T08:04:00Z"
        environment["REGIMEN_SURVEYS"] = packageRoot.appendingPathComponent("surveys").path
        environment["TZ"] = "UTC"
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
            XCTFail("\(name) did not finish within 180 s")
        }
        try output.close()
        let text = try String(contentsOf: outputFile, encoding: .utf8)
        let summary = text.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, "\(name) failed:\n\(text)")
        XCTAssertTrue(summary.hasSuffix(" passed, 0 failed"), "unexpected summary '\(summary)':\n\(text)")
        XCTAssertFalse(summary.hasPrefix("0 passed"), "no check ran:\n\(text)")
    }
}
