import Foundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

/// How the terminal shows what survey expressions computed (docs/expressions.md, "In survey files"): calculated
/// items as read-only lines, pre-filled answers that Enter keeps.
@Suite("Presentation: calculated lines and pre-filled answers")
struct ExpressionPresentationTests {
    static let renderer = PromptRenderer(
        style: TextStyle(color: false), context: Fixtures.context, rangeOfMotionDescription: nil,
        formats: Fixtures.formats)
    static let decimal = AnswerFormat.numeric(
        NumericFormat(style: .decimal, unit: "kg/m²", maximumFractionDigits: 1))

    @Test("A calculated item passed since the last prompt is one read-only line with its unit, or — without a value")
    func calculatedLines() {
        var prompt = Fixtures.question("next")
        prompt.calculatedLines = [
            CalculatedLine(
                identifier: "bmi", text: "Body mass index", answer: .numeric(.decimal(24.2)), answerFormat: Self.decimal
            ),
            CalculatedLine(identifier: "score", text: "Score", answer: nil, answerFormat: Self.decimal),
        ]
        let text = Self.renderer.render(prompt, after: nil)
        #expect(text.hasPrefix("Body mass index: 24.2 kg/m²\nScore: —\n"))
        #expect(!Self.renderer.render(Fixtures.question("next"), after: nil).contains("Body mass index"))
    }

    @Test("A pre-filled answer is shown (\"Last time\" for the previous run's) and an empty line keeps it")
    func prefilledAnswer() {
        var prompt = Fixtures.question("sleep", format: Self.decimal, optional: true)
        prompt.prefill = Prefill(answer: .numeric(.decimal(7.5)), isFromPreviousRun: true)
        #expect(Self.renderer.render(prompt, after: nil).contains("Last time: 7.5 kg/m² (press Enter to keep it)."))
        prompt.prefill?.isFromPreviousRun = false
        #expect(Self.renderer.render(prompt, after: nil).contains("Pre-filled: 7.5 kg/m² (press Enter to keep it)."))
        let interpreter = LineInterpreter(context: Fixtures.context, formats: .standard)
        let kept = interpreter.interpret("", at: prompt, shownAt: Date(timeIntervalSince1970: 0))
        #expect(kept == .submit(.answer(.numeric(.decimal(7.5))), note: "Keeping the pre-filled answer: 7.5 kg/m²."))
        let typed = interpreter.interpret("6", at: prompt, shownAt: Date(timeIntervalSince1970: 0))
        #expect(typed == .submit(.answer(.numeric(.decimal(6))), note: nil))
    }
}
