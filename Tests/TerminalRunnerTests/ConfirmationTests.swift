import Foundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

/// Issue 11 item 3: a yes/no question before the run goes through the run's own line source.
@Suite("Confirmation before a run: the same line source as the questions")
struct ConfirmationTests {
    /// Asks "Replace it?" through a run over one question, then runs it when agreed.
    private func confirm(_ lines: [String], ending: ScriptedLineSource.Ending = .endOfInput)
        -> (
            agreed: Result<Bool, RunError>, run: Result<TerminalRunOutcome, RunError>?, source: RecordingSource,
            output: String
        )
    {
        let output = CapturedOutput()
        let source = RecordingSource(lines: lines, ending: ending)
        var run = TerminalRun(
            session: FakeSession([Fixtures.question("pain")]), source: source,
            presenter: Presenter(output: output, style: .plain),
            clock: Fixtures.TickingClock(), parsingContext: Fixtures.context)
        run.formats = Fixtures.formats
        let agreed = Result { () throws(RunError) in
            try run.confirm("Check In is already done.", question: "Replace it?")
        }
        let outcome = (try? agreed.get()) == true ? Result { () throws(RunError) in try run.run() } : nil
        return (agreed, outcome, source, output.text)
    }

    @Test("y or yes goes ahead and the next line answers the first question; the source begins once and ends once")
    func yes() throws {
        for word in ["y", " YES "] {
            let (agreed, run, source, output) = confirm([word, "4"])
            #expect(try agreed.get())
            #expect(try run?.get().result.identifier == "checkin")
            #expect(source.begins == 1 && source.ends == [true])
            #expect(source.requests.first?.prompt == nil)
            #expect(source.requests.first?.promptText == "Replace it? [y/N] ")
            #expect(output.contains("Check In is already done."))
        }
    }

    @Test("n, no or an empty line declines and ends the source")
    func no() throws {
        for word in ["n", "No", ""] {
            let (agreed, run, source, _) = confirm([word, "4"])
            #expect(try agreed.get() == false)
            #expect(run == nil)
            #expect(source.ends == [false])
        }
    }

    @Test("quit and Ctrl-C abandon; input ending at the question is its own error; all end the source")
    func abandon() {
        let quit = confirm(["quit"])
        #expect(throws: RunError.quit) { try quit.agreed.get() }
        let interrupted = confirm([], ending: .interrupt)
        #expect(throws: RunError.interrupted) { try interrupted.agreed.get() }
        let ended = confirm([])
        #expect(throws: RunError.confirmationUnanswered(question: "Replace it?")) { try ended.agreed.get() }
        #expect([quit.source, interrupted.source, ended.source].allSatisfy { $0.ends == [false] })
    }

    @Test("Anything else, control characters included, is explained and asked again")
    func reasks() throws {
        let (agreed, _, source, output) = confirm(["maybe", "\u{1B}[A", "y", "4"])
        #expect(try agreed.get())
        #expect(output.contains("Type y to go ahead"))
        #expect(output.contains("control characters"))
        #expect(!output.contains("\u{1B}"))
        #expect(source.requests.count == 4)
    }
}

/// A scripted source kept by reference, counting begin and end calls.
final class RecordingSource: LineSource {
    private var lines: [String]
    private let ending: ScriptedLineSource.Ending
    var requests: [LineRequest] = []
    var begins = 0
    var ends: [Bool] = []
    init(lines: [String], ending: ScriptedLineSource.Ending) {
        self.lines = lines
        self.ending = ending
    }
    func begin() throws(RunError) { begins += 1 }
    func end(completed: Bool) throws(RunError) { ends.append(completed) }
    func readLine(_ request: LineRequest) throws(RunError) -> LineEvent {
        requests.append(request)
        guard !lines.isEmpty else { return ending == .endOfInput ? .endOfInput : .interrupted }
        return .line(lines.removeFirst())
    }
}
