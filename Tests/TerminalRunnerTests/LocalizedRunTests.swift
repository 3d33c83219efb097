import Foundation
import ParticipantWords
import RegimenFoundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

/// The runner in the participant's language (docs/languages.md, "Regimen's own words"): its prompts, help and
/// re-prompts in Japanese and Chinese, the translated command words in every language, the same result whatever
/// the language.
@Suite("TerminalRun in Japanese and Simplified Chinese")
struct LocalizedRunTests {
    private func run(_ lines: [String], language: String) -> (result: TaskResult?, output: String) {
        let session = TaskSession(
            task: Fixtures.checkInTask, taskRunUUID: UUID(uuidString: "5D2C0B9E-4C36-4F0B-9A0E-2B6C7A1D9E11")!,
            startDate: Fixtures.start, timeZone: TimeZone(identifier: "UTC")!)
        let output = CapturedOutput()
        var run = TerminalRun(
            session: session, source: ScriptedLineSource(lines: lines),
            presenter: Presenter(output: output, style: .plain, words: Words(for: [LanguageTag(language)!])),
            clock: Fixtures.TickingClock(), parsingContext: Fixtures.context)
        run.formats = Fixtures.formats
        switch Result(catching: { () throws(RunError) in try run.run() }) {
        case .success(let outcome): return (outcome.result, output.text)
        case .failure(let error):
            Issue.record("the run failed: \(error)\n\(output.text)")
            return (nil, output.text)
        }
    }

    /// The form's answers as digits, by item.
    private func answers(_ result: TaskResult?) -> [String: String] {
        var answers: [String: String] = [:]
        for identifier in ["checkin.form.pain", "checkin.form.sleep"] {
            let form = result?.stepResult(forStep: "checkin.form")
            if let answer = form?.questionResult(forIdentifier: identifier)?.answer {
                answers[identifier] = "\(answer)".filter(\.isNumber)
            }
        }
        return answers
    }

    @Test("ja: the form's position, the help and a re-prompt in Japanese; 戻る goes back, ヘルプ shows help")
    func japanese() throws {
        let ran = run(["", "4", "ヘルプ", "戻る", "5", "スキップ", "8"], language: "ja")
        #expect(ran.output.contains("質問 1 / 2：Pain?"), "\(ran.output)")
        #expect(ran.output.contains("コマンド："))
        #expect(ran.output.contains("  戻る, back  前のステップに戻ります"))
        #expect(ran.output.contains("この質問はスキップできません"))
        #expect(!ran.output.contains("Commands:"))
        #expect(answers(ran.result) == ["checkin.form.pain": "5", "checkin.form.sleep": "8"])
    }

    @Test("zh-Hans: 返回 and 帮助 work, the help is in Chinese")
    func chinese() {
        let ran = run(["", "4", "帮助", "返回", "5", "8"], language: "zh-Hans")
        #expect(ran.output.contains("第 1 题，共 2 题：Pain?"), "\(ran.output)")
        #expect(ran.output.contains("  返回, back  回到上一步"))
        #expect(answers(ran.result) == ["checkin.form.pain": "5", "checkin.form.sleep": "8"])
    }

    @Test("the same lines give the same result in every language, whichever language's command words they use")
    func sameResultEverywhere() {
        let lines = ["", "4", "help", "戻る", "5", "返回", "6", "8"]
        let results = ["en", "ja", "zh-Hans"].map { run(lines, language: $0).result }
        #expect(results[0] != nil)
        #expect(results.allSatisfy { $0 == results[0] })
        #expect(answers(results[0]) == ["checkin.form.pain": "6", "checkin.form.sleep": "8"])
    }

    @Test("English output is English: the words of the English table, no Japanese")
    func englishUnchanged() {
        let ran = run(["", "4", "help", "back", "5", "8"], language: "en")
        #expect(ran.output.contains("Question 1 of 2: Pain?"))
        #expect(ran.output.contains("  back  go to the previous step"))
        #expect(!ran.output.contains("戻る"))
    }

    @Test("はい, いいえ, 是 and 否 answer a yes/no question whose labels are English, in every language")
    func yesAndNo() throws {
        let task = OrderedTask(
            identifier: "yesno",
            steps: [
                Step(
                    identifier: "q",
                    content: .form(
                        FormContent(elements: [
                            .item(
                                FormItem(
                                    identifier: "smoker", text: "Smoker?", isOptional: false,
                                    answerFormat: .boolean(BooleanFormat())))
                        ])))
            ])
        for (line, expected) in [("はい", true), ("いいえ", false), ("是", true), ("否", false), ("yes", true)] {
            for language in ["en", "ja"] {
                let session = TaskSession(
                    task: task, taskRunUUID: UUID(), startDate: Fixtures.start, timeZone: TimeZone(identifier: "UTC")!)
                var run = TerminalRun(
                    session: session, source: ScriptedLineSource(lines: [line]),
                    presenter: Presenter(
                        output: CapturedOutput(), style: .plain, words: Words(for: [LanguageTag(language)!])),
                    clock: Fixtures.TickingClock(), parsingContext: Fixtures.context)
                let result = try run.run().result
                let answer = result.stepResult(forStep: "q")?.questionResult(forIdentifier: "smoker")?.answer
                #expect(answer == .boolean(expected), "\(line) in \(language)")
            }
        }
    }
}
