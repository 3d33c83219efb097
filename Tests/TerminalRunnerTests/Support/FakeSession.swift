import Foundation

@testable import ResearchTasks
@testable import TerminalRunner

/// A linear session over fixed prompts that applies the session's refusal rules and remembers every input.
struct FakeSession: PromptingSession {
    /// One accepted input.
    struct Submission: Hashable {
        var step: String
        var item: String?
        var input: SessionInput
        var date: Date
    }

    var prompts: [Prompt]
    var index = 0
    var submissions: [Submission] = []
    let identifier: String
    let taskRunUUID: UUID
    let startDate: Date

    init(
        _ prompts: [Prompt], identifier: String = "checkin", taskRunUUID: UUID = UUID(),
        startDate: Date = Fixtures.start
    ) {
        self.prompts = prompts
        self.identifier = identifier
        self.taskRunUUID = taskRunUUID
        self.startDate = startDate
    }

    var prompt: Prompt? { index < prompts.count ? prompts[index] : nil }
    var isFinished: Bool { prompt == nil }

    mutating func submit(_ input: SessionInput, at date: Date) throws(SessionError) {
        guard let prompt else { throw .finished }
        switch input {
        case .back:
            guard index > 0 else { throw .cannotGoBack(stepIdentifier: prompt.stepIdentifier) }
            index -= 1
            submissions.append(
                Submission(step: prompt.stepIdentifier, item: prompt.itemIdentifier, input: input, date: date))
            return
        case .skip:
            guard prompt.canSkip else {
                throw .cannotSkip(stepIdentifier: prompt.stepIdentifier, itemIdentifier: prompt.itemIdentifier)
            }
        case .noAnswer:
            if case .question(let question) = prompt.item, !question.isOptional {
                throw .answerRequired(stepIdentifier: prompt.stepIdentifier, itemIdentifier: prompt.itemIdentifier)
            }
        case .answer, .rangeOfMotion, .consent, .consentName, .consentChoice:
            break
        }
        submissions.append(
            Submission(step: prompt.stepIdentifier, item: prompt.itemIdentifier, input: input, date: date))
        index += 1
    }

    func result(endDate: Date) -> TaskResult {
        TaskResult(
            identifier: identifier, taskRunUUID: taskRunUUID, startDate: startDate, endDate: endDate,
            results: submissions.map { StepResult(identifier: $0.step, startDate: $0.date, endDate: $0.date) })
    }

    /// The answers given, in order (other inputs left out).
    var answers: [Answer] {
        submissions.compactMap { if case .answer(let answer) = $0.input { answer } else { nil } }
    }
}
