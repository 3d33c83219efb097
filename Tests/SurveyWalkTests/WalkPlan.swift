import Catalog
import Foundation
import OutcomeMapping
import ResearchTasks
import TerminalRunner

/// Runs a task through the real `TaskSession` and `TerminalRun`, choosing each typed line from the prompt.
enum WalkPlan {
    /// A prompt's identity: step and item (nil for steps without one, e.g. a measurement).
    struct Key: Hashable {
        var step: String
        var item: String?
    }

    /// Which question to leave unanswered on a run, and how (`skip` or an empty line).
    struct Skip {
        var key: Key
        var line: String
    }

    /// One path: the option taken at each question a rule reads, in the order they were asked.
    struct Path {
        var decisions: [Int]
    }

    /// What one run typed and produced.
    struct Run {
        var result: TaskResult
        /// Every line typed, with its prompt, in order.
        var lines: [(key: Key, line: String)]
        /// Prompts whose answer stands at the end (the last line typed there was an answer, not a skip).
        var answered: Set<Key>
        /// Optional questions asked on this run that no rule reads (the ones skipped in turn).
        var skippableQuestions: [Key]

        /// The outcome kinds whose path was answered on this run.
        func answeredKinds(_ entry: CatalogEntry) -> Set<String> {
            Set(entry.outcomes.filter { answered.contains(Self.key(of: $0.path, in: entry.task)) }.map(\.kind))
        }

        /// The outcome kinds whose path was asked but left unanswered.
        func skippedKinds(_ entry: CatalogEntry) -> Set<String> {
            let asked = Set(lines.map(\.key))
            return Set(
                entry.outcomes.filter {
                    let key = Self.key(of: $0.path, in: entry.task)
                    return asked.contains(key) && !answered.contains(key)
                }.map(\.kind))
        }

        private static func key(of path: ResultPath, in task: OrderedTask) -> Key {
            switch task.step(withIdentifier: path.stepIdentifier)?.content {
            case .question?, .form?: Key(step: path.stepIdentifier, item: path.resultIdentifier)
            default: Key(step: path.stepIdentifier, item: nil)
            }
        }
    }

    /// Every path through `entry`'s task: each combination of options at the questions its rules read.
    static func paths(of entry: CatalogEntry) throws -> [Path] {
        var found: [Path] = []
        var pending: [[Int]] = [[]]
        while let prefix = pending.popLast() {
            let source = WalkSource(task: entry.task, decisions: prefix, skip: nil)
            _ = try drive(entry, source: source)
            found.append(Path(decisions: source.taken))
            for index in prefix.count..<source.optionCounts.count {
                for option in 1..<max(1, source.optionCounts[index]) {
                    pending.append(Array(source.taken.prefix(index)) + [option])
                }
            }
            guard found.count < 10_000 else { throw WalkFailure.tooManyPaths(entry.taskIdentifier) }
        }
        return found
    }

    /// Runs one path, leaving `skip`'s question unanswered.
    static func run(_ entry: CatalogEntry, decisions: [Int], skipping skip: Skip?) throws -> Run {
        let source = WalkSource(task: entry.task, decisions: decisions, skip: skip)
        let result = try drive(entry, source: source)
        return Run(result: result, lines: source.lines, answered: source.answered, skippableQuestions: source.skippable)
    }

    private static func drive(_ entry: CatalogEntry, source: WalkSource) throws -> TaskResult {
        let session = TaskSession(
            task: entry.task, taskRunUUID: UUID(), startDate: SurveyWalkTests.start,
            timeZone: SurveyWalkTests.utc.timeZone)
        var run = TerminalRun(
            session: session, source: source, presenter: Presenter(output: DiscardingOutput(), style: .plain),
            clock: FixedClock(SurveyWalkTests.start.addingTimeInterval(60)),
            parsingContext: AnswerParsingContext(calendar: SurveyWalkTests.utc, now: SurveyWalkTests.start),
            rangeOfMotion: measurement)
        do throws(RunError) {
            return try run.run().result
        } catch {
            throw WalkFailure.runFailed(
                entry.taskIdentifier, error.description,
                source.lines.map { "\($0.key.step)/\($0.key.item ?? "-")=\($0.line.debugDescription)" })
        }
    }

    /// A measurement read from degrees typed at a range-of-motion prompt.
    static let measurement = RangeOfMotionInterpreter(inputDescription: "degrees") { request in
        guard let degrees = Double(request.line) else { return .failure(AnswerInputError(message: "degrees")) }
        let result = RangeOfMotionResult(
            identifier: request.step.identifier, startDate: request.shownAt, endDate: request.answeredAt, start: 0,
            finish: degrees, minimum: 0, maximum: degrees, range: degrees)
        return .success(.rangeOfMotion(result, recording: nil))
    }

    enum WalkFailure: Error, CustomStringConvertible {
        case tooManyPaths(String)
        case runFailed(String, String, [String])
        case noSample(String)

        var description: String {
            switch self {
            case .tooManyPaths(let task): "task \(task) has more than 10000 paths"
            case .runFailed(let task, let error, let lines): "task \(task) did not complete: \(error); lines \(lines)"
            case .noSample(let place): "no sample answer fits \(place); add one to WalkSource.samples"
            }
        }
    }
}

/// Picks each line from the prompt: decisions at rule-read questions, samples elsewhere, one planned skip.
final class WalkSource: LineSource {
    private let task: OrderedTask
    private let decisions: [Int]
    private let skip: WalkPlan.Skip?
    /// Result identifiers (step, item) some navigation or skip rule reads.
    private let branching: Set<WalkPlan.Key>
    private let context = AnswerParsingContext(calendar: SurveyWalkTests.utc, now: SurveyWalkTests.start)

    private(set) var taken: [Int] = []
    private(set) var optionCounts: [Int] = []
    private(set) var lines: [(key: WalkPlan.Key, line: String)] = []
    private(set) var answered: Set<WalkPlan.Key> = []
    private(set) var skippable: [WalkPlan.Key] = []

    /// Lines tried in order until the format accepts one (choices' own labels come first).
    static let samples = [
        "3", "1", "0", "50", "50%", "0.5", "yes", "2026-11-01", "2026-11-01 08:00", "2020-01-01", "2020-01-01 08:00",
        "08:30", "30m", "A short note", "ABC-123",
        "https://example.org",
    ]

    init(task: OrderedTask, decisions: [Int], skip: WalkPlan.Skip?) {
        self.task = task
        self.decisions = decisions
        self.skip = skip
        var keys = Set<WalkPlan.Key>()
        func collect(_ predicate: ResultPredicate) {
            switch predicate {
            case .result(let selector, _):
                let isQuestionStep =
                    task.step(withIdentifier: selector.stepIdentifier).map {
                        if case .question = $0.content { true } else { false }
                    } ?? false
                keys.insert(
                    WalkPlan.Key(
                        step: selector.stepIdentifier,
                        item: isQuestionStep || selector.resultIdentifier != selector.stepIdentifier
                            ? selector.resultIdentifier : nil))
            case .and(let all), .or(let all): all.forEach(collect)
            case .not(let inner): collect(inner)
            // The walk does not branch on the answers an expression reads (no shipped survey has one).
            case .expression: break
            }
        }
        for rule in task.navigationRules.values {
            if case .predicate(let pairs, _) = rule { pairs.forEach { collect($0.predicate) } }
        }
        task.skipRules.values.forEach { collect($0.predicate) }
        branching = keys
    }

    func readLine(_ request: LineRequest) throws(RunError) -> LineEvent {
        guard let prompt = request.prompt else { return .endOfInput }
        let key = WalkPlan.Key(step: prompt.stepIdentifier, item: prompt.itemIdentifier)
        // A further line of a multi-line answer: an empty line finishes it (recorded, so piped replays end it too).
        if request.promptText != "> " {
            lines.append((key, ""))
            return .line("")
        }
        // Every line typed is valid, so the same prompt asked again means a line was refused: end the run there.
        if case .question = prompt.item, lines.last?.key == key { return .endOfInput }
        guard lines.count < 500 else { return .endOfInput }
        let line: String
        switch prompt.item {
        case .instruction, .completion: line = ""
        case .consent(let page):
            switch page.stage {
            case .section: line = ""
            case .question(let index): line = String(page.content.questions[index].correctChoice + 1)
            case .givenName: line = "Ada"
            case .familyName: line = "King"
            case .agreement: line = "yes"
            }
        case .rangeOfMotion: line = "90"
        case .question(let question):
            if branching.contains(key) {
                line = decide(options(for: question, prompt: prompt))
            } else {
                if prompt.canSkip, question.isOptional, !skippable.contains(key) { skippable.append(key) }
                if let skip, skip.key == key {
                    line = skip.line
                } else if let sample = sample(for: question.answerFormat) {
                    line = sample
                } else {
                    return .endOfInput  // reported by the run as input ending at this prompt
                }
            }
            let unanswered = line == "skip" || (line.isEmpty && question.answerFormat.defaultAnswer == nil)
            if unanswered { answered.remove(key) } else { answered.insert(key) }
            if line == "skip", !question.isOptional {
                answered = answered.filter { $0.step != key.step }  // a form-level skip clears the whole form
            }
        }
        if case .rangeOfMotion = prompt.item { answered.insert(key) }
        if case .consent = prompt.item { answered.insert(key) }
        lines.append((key, line))
        return .line(line)
    }

    private func options(for question: QuestionPromptItem, prompt: Prompt) -> [String] {
        var options: [String]
        switch question.answerFormat {
        case .textChoice(let format): options = format.choices.map(\.text)
        case .textScale(let format): options = format.choices.map(\.text)
        case .valuePicker(let format): options = format.choices.map(\.text)
        case .boolean: options = ["yes", "no"]
        case .scale(let format): options = ["\(format.minimum)", "\(format.maximum)"]
        default: options = sample(for: question.answerFormat).map { [$0] } ?? []
        }
        if question.isOptional, prompt.canSkip { options += ["skip", ""] }
        return options
    }

    private func decide(_ options: [String]) -> String {
        guard !options.isEmpty else { return "" }
        let index = taken.count
        let choice = index < decisions.count ? decisions[index] : 0
        taken.append(choice)
        optionCounts.append(options.count)
        return options[min(choice, options.count - 1)]
    }

    private func sample(for format: AnswerFormat) -> String? {
        let labels: [String]
        switch format {
        case .textChoice(let choice): labels = choice.choices.map(\.text)
        case .textScale(let scale): labels = scale.choices.map(\.text)
        case .valuePicker(let picker): labels = picker.choices.map(\.text)
        default: labels = []
        }
        return (labels + Self.samples).first { candidate in
            if case .success = format.parse(candidate, context: context) { return true }
            return false
        }
    }
}
