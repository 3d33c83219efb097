#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ResearchTasks
import Testing
@testable import TerminalRunner

@Suite("StandardInputLineSource: plain lines read with read(2)", .serialized)
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

    @Test("splits LF and CRLF lines, returns a last line without newline, then end of input (platform.md §2)")
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

    @Test("piped input ending before the task ends names the waiting step")
    func endOfInputInRun() throws {
        let fd = try pipe(with: "4\n")
        defer { close(fd) }
        let prompts = [Fixtures.question("pain"), Fixtures.question("sleep")]
        let (outcome, session, _) = Fixtures.run(FakeSession(prompts), source: StandardInputLineSource(fileDescriptor: fd))
        #expect(throws: RunError.inputEnded(stepIdentifier: "sleep", itemIdentifier: "sleep")) { try outcome.get() }
        #expect(session.answers == [.scale(.integer(4))])
    }

    /// The installed SIGINT handler's address, to compare before and after.
    private func currentHandler() -> OpaquePointer? {
        var action = sigaction()
        sigaction(SIGINT, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: OpaquePointer?.self)
    }

    @Test("SIGINT while waiting on a silent pipe ends the read with .interrupted, and the old handler comes back (platform.md §1-2)")
    func interruptWhileWaiting() throws {
        var fds: [Int32] = [0, 0]
        try #require(Glibc.pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let before = currentHandler()
        var source = StandardInputLineSource(fileDescriptor: fds[0])
        try source.begin()
        #expect(currentHandler() != before)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { kill(getpid(), SIGINT) }
        #expect(try source.readLine(request) == .interrupted)
        try source.end(completed: false)
        #expect(currentHandler() == before)
    }

    @Test("a Ctrl-C after the last prompt still abandons a finished run")
    func interruptAfterLastPrompt() throws {
        var source = StandardInputLineSource(fileDescriptor: 0)
        try source.begin()
        raise(SIGINT)
        #expect(throws: RunError.interrupted) { try source.end(completed: true) }
    }
}
