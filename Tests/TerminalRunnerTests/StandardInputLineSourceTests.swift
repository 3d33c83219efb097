import Foundation
import SystemPackage
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

#if canImport(Glibc)
    import Glibc
#endif

/// Serialized: these tests install and restore the process's SIGINT handler (readline's tests too, below).
@Suite("Line sources on real descriptors: piped lines with read(2), readline history", .serialized)
struct StandardInputLineSourceTests {
    private let request = LineRequest(prompt: Fixtures.question("a"), promptText: "> ", completion: .words([]))

    /// A pipe whose write end has `bytes` written and is closed; returns the read end.
    private func pipe(with bytes: String) throws -> Int32 {
        var fds: [Int32] = [0, 0]
        try #require(Glibc.pipe(&fds) == 0)
        let data = Array(bytes.utf8)
        let written = data.withUnsafeBytes { Glibc.write(fds[1], $0.baseAddress, $0.count) }
        try #require(written == data.count)
        close(fds[1])
        return fds[0]
    }

    @Test(
        "splits LF and CRLF lines, returns a last line without newline, then end of input (docs/terminal-input.md, \"Terminal or pipe\")"
    )
    func splitsLines() throws {
        let fd = try pipe(with: "11\r\n4\n\nlast")
        defer { close(fd) }
        var source = StandardInputLineSource(fileDescriptor: fd)
        var events: [LineEvent] = []
        for _ in 0..<6 { events.append(try source.readLine(request)) }
        #expect(events == [.line("11"), .line("4"), .line(""), .line("last"), .endOfInput, .endOfInput])
    }

    @Test("echoes the prompt text and each line to the echo output")
    func echoes() throws {
        let fd = try pipe(with: "4\n")
        defer { close(fd) }
        let echo = CapturedOutput()
        var source = StandardInputLineSource(fileDescriptor: fd, echo: echo)
        _ = try source.readLine(request)
        _ = try source.readLine(request)
        #expect(echo.text == "> 4\n> \n")
    }

    @Test("echoes a line's control characters in caret notation, never raw (issue 11 item 6)")
    func echoesControlCharactersVisibly() throws {
        let fd = try pipe(with: "4\u{1B}[2J\u{07}\n")
        defer { close(fd) }
        let echo = CapturedOutput()
        var source = StandardInputLineSource(fileDescriptor: fd, echo: echo)
        #expect(try source.readLine(request) == .line("4\u{1B}[2J\u{07}"))
        #expect(echo.text == "> 4^[[2J^G\n")
    }

    @Test("piped input ending before the task ends names the waiting step")
    func endOfInputInRun() throws {
        let fd = try pipe(with: "4\n")
        defer { close(fd) }
        let prompts = [Fixtures.question("pain"), Fixtures.question("sleep")]
        let (outcome, session, _) = Fixtures.run(
            FakeSession(prompts), source: StandardInputLineSource(fileDescriptor: fd))
        #expect(throws: RunError.inputEnded(stepIdentifier: "sleep", itemIdentifier: "sleep")) { try outcome.get() }
        #expect(session.answers == [.scale(.integer(4))])
    }

    /// The installed SIGINT handler's address, to compare before and after.
    private func currentHandler() -> OpaquePointer? {
        var action = sigaction()
        sigaction(SIGINT, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: OpaquePointer?.self)
    }

    @Test(
        "SIGINT while waiting on a silent pipe ends the read with .interrupted, and the old handler comes back (docs/terminal-input.md, \"Terminal or pipe\")"
    )
    func interruptWhileWaiting() throws {
        var fds: [Int32] = [0, 0]
        try #require(Glibc.pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let before = currentHandler()
        var source = StandardInputLineSource(fileDescriptor: fds[0])
        try source.begin()
        #expect(currentHandler() != before)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { kill(getpid(), SIGINT) }
        #expect(try source.readLine(request) == .interrupted)
        try source.end(completed: false)
        #expect(currentHandler() == before)
    }

    @Test(
        "SIGTERM and SIGHUP end a waiting read like Ctrl-C; after such an abandoned run that signal is ignored while the process ends"
    )
    func terminationWhileWaiting() throws {
        for signal in [SIGTERM, SIGHUP] {
            var saved = sigaction()
            sigaction(signal, nil, &saved)
            defer { sigaction(signal, &saved, nil) }
            var fds: [Int32] = [0, 0]
            try #require(Glibc.pipe(&fds) == 0)
            defer {
                close(fds[0])
                close(fds[1])
            }
            let interruptBefore = currentHandler()
            var source = StandardInputLineSource(fileDescriptor: fds[0])
            try source.begin()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { kill(getpid(), signal) }
            #expect(try source.readLine(request) == .interrupted)
            try source.end(completed: false)
            var now = sigaction()
            sigaction(signal, nil, &now)
            #expect(
                unsafeBitCast(now.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
            #expect(currentHandler() == interruptBefore)  // Ctrl-C's disposition comes back as it was
        }
    }

    @Test(
        "a SIGTERM after the last prompt abandons the finished run and is ignored from then on, while the lines are kept"
    )
    func terminationAfterLastPrompt() throws {
        var saved = sigaction()
        sigaction(SIGTERM, nil, &saved)
        defer { sigaction(SIGTERM, &saved, nil) }
        var source = StandardInputLineSource(fileDescriptor: 0)
        try source.begin()
        raise(SIGTERM)
        #expect(throws: RunError.interrupted) { try source.end(completed: true) }
        #expect(Self.handler(of: SIGTERM) == unsafeBitCast(SIG_IGN, to: Int.self))
    }

    @Test("a hangup or kill ignored on entry (nohup) stays ignored through a run")
    func ignoredOnEntry() throws {
        for signal in [SIGHUP, SIGTERM] {
            var saved = sigaction()
            sigaction(signal, nil, &saved)
            defer { sigaction(signal, &saved, nil) }
            var ignore = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            sigemptyset(&ignore.sa_mask)
            sigaction(signal, &ignore, nil)
            var source = StandardInputLineSource(fileDescriptor: 0)
            try source.begin()
            #expect(Self.handler(of: signal) == unsafeBitCast(SIG_IGN, to: Int.self))
            try source.end(completed: false)
            #expect(Self.handler(of: signal) == unsafeBitCast(SIG_IGN, to: Int.self))
        }
    }

    /// The address of `signal`'s installed handler.
    private static func handler(of signal: Int32) -> Int {
        var action = sigaction()
        sigaction(signal, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    @Test("a Ctrl-C after the last prompt still abandons a finished run")
    func interruptAfterLastPrompt() throws {
        var source = StandardInputLineSource(fileDescriptor: 0)
        try source.begin()
        raise(SIGINT)
        #expect(throws: RunError.interrupted) { try source.end(completed: true) }
    }

    @Test("readline keeps the history file it was given: read at begin, written back mode 0600 at end")
    func readlineHistoryFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "regimen-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("history/checkin")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "11\n4\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o644)
        let source = ReadlineLineSource(historyFile: FilePath(file.path))
        try source.begin()
        try source.end(completed: false)
        #expect(source.historyProblem == nil)
        #expect(try String(contentsOf: file, encoding: .utf8) == "11\n4\n")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test("an unwritable history file never fails the run; the problem is kept for a warning")
    func readlineHistoryProblem() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent(
            "regimen-blocker-\(UUID().uuidString)")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let source = ReadlineLineSource(historyFile: FilePath(blocker.appendingPathComponent("history/checkin").path))
        try source.begin()
        try source.end(completed: true)
        #expect(source.historyProblem?.target == blocker.appendingPathComponent("history").path)
    }
}
