import Foundation
package import RegimenFoundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the common shape of a result file straight from its JSON tokens into a task result, for a reader that needs
/// the result's values only (`regimen ingest`): no JSON tree is built, so the result keeps no `source`. The common
/// shape is what Regimen writes and ResearchKit's serializer writes for surveys: every object's `_class` first (the
/// serializer sorts keys, and `_` sorts before lower-case letters), a task result of step results whose children are
/// scale, choice, boolean, text and numeric question results, every modeled member of the kind it must have.
///
/// Anything else — another class, a `null` or a value of the wrong kind where a value is modeled, a missing required
/// member, no `taskRunUUID`, a `device`, an "I don't know" marker, malformed JSON — gives nil, and the caller reads the
/// file with `ResultFileCodec` (the tree decoder), which reads every form and names every problem. So this reader never
/// reports an error of its own and, for a file it reads, gives what the tree decoder gives without the sources
/// (`ResultStreamReaderTests` compares the two on every result file in the tests and on random variations).
/// Member values are converted by the tree decoder's own rules (`JSONObjectReader`'s `flag`, `wholeNumber`, `number`;
/// `ResultDateText`, `UUIDText`). Reading a check-in this way costs about half of parsing it into a tree, decoding
/// that and freeing it (docs/performance.md, "Ingest").
package struct ResultStreamReader: ~Copyable {
    /// A task result and the text of its end date as written (which holds the offset the device wrote it with).
    package struct Read {
        /// The result, without sources.
        package var result: TaskResult
        /// The task result's `endDate` text.
        package var endDateText: String
    }

    /// Not the common shape: the tree decoder reads the file instead.
    private struct NotCommonShape: Error {}

    private var reader: JSONReader
    /// Identifiers read before, in this file or the ones read before it: each survey's repeat in every file.
    private var identifiers: JSONRecentStrings
    /// The last two date texts read and their instants: a file's dates are its start's and its end's.
    private var recentDates = RecentDateBytes()

    private init(_ bytes: UnsafeBufferPointer<UInt8>, identifiers: JSONRecentStrings) {
        reader = JSONReader(bytes: bytes)
        self.identifiers = identifiers
    }

    /// The task result in `bytes` when they hold the common shape, else nil.
    package static func read(_ bytes: [UInt8]) -> Read? {
        var identifiers = JSONRecentStrings()
        return read(bytes, identifiers: &identifiers)
    }

    /// `read(_:)`, an identifier written as one of `identifiers` taken from there (a reader of many files keeps them
    /// from file to file).
    package static func read(_ bytes: [UInt8], identifiers: inout JSONRecentStrings) -> Read? {
        bytes.withUnsafeBufferPointer { buffer in
            var stream = ResultStreamReader(buffer, identifiers: identifiers)
            defer { identifiers = stream.identifiers }
            do {
                let read = try stream.task()
                guard case .end = try stream.next() else { return nil }
                return read
            } catch {
                return nil
            }
        }
    }

    /// An `identifier` value.
    private mutating func identifier() throws(NotCommonShape) -> String {
        guard case .string = try next() else { throw NotCommonShape() }
        return reader.string(reusing: &identifiers)
    }

    // MARK: Tokens

    private mutating func next() throws(NotCommonShape) -> JSONToken {
        do { return try reader.next() } catch { throw NotCommonShape() }
    }

    /// Reads the value after a key that this reader does not model, checking it as the tree's parse does: its syntax,
    /// and every number within a double's range (which `JSONReader.skipValue` leaves unread).
    private mutating func skip() throws(NotCommonShape) {
        var depth = 0
        repeat {
            switch try next() {
            case .objectStart, .arrayStart: depth += 1
            case .objectEnd, .arrayEnd: depth -= 1
            case .number:
                do { _ = try reader.number() } catch { throw NotCommonShape() }
            default: break
            }
        } while depth > 0
    }

    /// Opens an object whose first member must be `_class`; returns with the class name as the current string.
    private mutating func openObject(first token: JSONToken) throws(NotCommonShape) {
        guard case .objectStart = token, case .key = try next(), member() == .className, case .string = try next()
        else {
            throw NotCommonShape()
        }
    }

    /// The next member (its key the current string), or nil at the end of the object. A second `_class` is not the
    /// common shape (the tree would hold its last value).
    private mutating func nextMember() throws(NotCommonShape) -> Member? {
        switch try next() {
        case .objectEnd: return nil
        case .key:
            let found = member()
            guard found != .className else { throw NotCommonShape() }
            return found
        default: throw NotCommonShape()
        }
    }

    /// The member the current key names.
    private mutating func member() -> Member {
        reader.withStringBytes(Member.init)
    }

    /// A string value.
    private mutating func string() throws(NotCommonShape) -> String {
        guard case .string = try next() else { throw NotCommonShape() }
        return reader.string()
    }

    /// A scalar value (string, number or boolean), as the tree would hold it; `null`, arrays and objects are not.
    private mutating func scalar() throws(NotCommonShape) -> JSONValue {
        try scalar(first: try next())
    }

    /// The scalar value whose token is `token`, as the tree's parse makes it (`JSONParser.value`).
    private mutating func scalar(first token: JSONToken) throws(NotCommonShape) -> JSONValue {
        switch token {
        case .string, .number, .bool:
            do { return try JSONParser.value(of: token, in: &reader) } catch { throw NotCommonShape() }
        default: throw NotCommonShape()
        }
    }

    /// A date; the same text as one of the last two gives its instant without reading it again. No string is made.
    private mutating func date() throws(NotCommonShape) -> Date {
        guard case .string = try next() else { throw NotCommonShape() }
        let date = reader.withStringBytes { text -> Date? in
            if let known = recentDates.date(for: text) { return known }
            guard let date = ResultDateText.date(utf8: text) else { return nil }
            recentDates.remember(text, date)
            return date
        }
        guard let date else { throw NotCommonShape() }
        return date
    }

    /// A `userInfo` object, read whole as the tree reads it.
    private mutating func object() throws(NotCommonShape) -> JSONObject {
        do {
            guard case .object(let members) = try JSONParser.value(of: try reader.next(), in: &reader) else {
                throw NotCommonShape()
            }
            return members
        } catch {
            throw NotCommonShape()
        }
    }

    /// An array's elements, each read by `element` from its first token.
    private mutating func array<Element>(
        _ element: (inout ResultStreamReader, JSONToken) throws(NotCommonShape) -> Element
    ) throws(NotCommonShape) -> [Element] {
        guard case .arrayStart = try next() else { throw NotCommonShape() }
        var elements: [Element] = []
        elements.reserveCapacity(4)
        while true {
            let token = try next()
            if case .arrayEnd = token { return elements }
            elements.append(try element(&self, token))
        }
    }

    // MARK: Results

    private mutating func task() throws(NotCommonShape) -> Read {
        try openObject(first: try next())
        guard reader.stringEquals("ORKTaskResult") || reader.stringEquals("ORKPageResult") else {
            throw NotCommonShape()
        }
        var identifier: String?
        var uuid: UUID?
        var start: Date?
        var end: Date?
        var endText = ""
        var steps: [StepResult] = []
        var userInfo: JSONObject?
        while let member = try nextMember() {
            switch member {
            case .identifier: identifier = try self.identifier()
            case .taskRunUUID:
                guard case .string = try next() else { throw NotCommonShape() }
                guard let parsed = reader.withStringBytes(UUIDText.canonical) ?? UUIDText.parse(reader.string()) else {
                    throw NotCommonShape()
                }
                uuid = parsed
            case .startDate: start = try date()
            case .endDate:
                end = try date()
                endText = reader.string()
            case .results: steps = try array { stream, token throws(NotCommonShape) in try stream.step(first: token) }
            case .userInfo: userInfo = try object()
            case .device, .noAnswer: throw NotCommonShape()
            default: try skip()
            }
        }
        guard let identifier, let uuid, let start, let end else { throw NotCommonShape() }
        let result = TaskResult(
            identifier: identifier, taskRunUUID: uuid, startDate: start, endDate: end, results: steps,
            userInfo: userInfo)
        return Read(result: result, endDateText: endText)
    }

    private mutating func step(first token: JSONToken) throws(NotCommonShape) -> StepResult {
        try openObject(first: token)
        guard reader.stringEquals("ORKStepResult") else { throw NotCommonShape() }
        var identifier: String?
        var start: Date?
        var end: Date?
        var children: [ChildResult] = []
        var isPrevious = false
        var assistiveTechnology: String?
        var userInfo: JSONObject?
        while let member = try nextMember() {
            switch member {
            case .identifier: identifier = try self.identifier()
            case .startDate: start = try date()
            case .endDate: end = try date()
            case .results:
                children = try array { stream, token throws(NotCommonShape) in
                    .question(try stream.question(first: token))
                }
            case .isPreviousResult:
                guard let flag = JSONObjectReader.flag(try scalar()) else { throw NotCommonShape() }
                isPrevious = flag
            case .enabledAssistiveTechnology: assistiveTechnology = try string()
            case .userInfo: userInfo = try object()
            default: try skip()
            }
        }
        guard let identifier, let start, let end else { throw NotCommonShape() }
        return StepResult(
            identifier: identifier, startDate: start, endDate: end, results: children, isPreviousResult: isPrevious,
            enabledAssistiveTechnology: assistiveTechnology, userInfo: userInfo)
    }

    /// The question classes read here, each with the member holding its answer.
    private enum QuestionClass {
        case scale, choice, boolean, text, numeric
    }

    private mutating func question(first token: JSONToken) throws(NotCommonShape) -> QuestionResult {
        try openObject(first: token)
        let kind: QuestionClass
        if reader.stringEquals("ORKScaleQuestionResult") {
            kind = .scale
        } else if reader.stringEquals("ORKChoiceQuestionResult") {
            kind = .choice
        } else if reader.stringEquals("ORKBooleanQuestionResult") {
            kind = .boolean
        } else if reader.stringEquals("ORKTextQuestionResult") {
            kind = .text
        } else if reader.stringEquals("ORKNumericQuestionResult") {
            kind = .numeric
        } else {
            throw NotCommonShape()
        }
        var identifier: String?
        var start: Date?
        var end: Date?
        var questionType: QuestionType?
        var number: NumberValue?
        var choices: [ChoiceValue]?
        var flag: Bool?
        var text: String?
        var unit: String?
        var displayUnit: String?
        var userInfo: JSONObject?
        while let member = try nextMember() {
            switch (member, kind) {
            case (.identifier, _): identifier = try self.identifier()
            case (.startDate, _): start = try date()
            case (.endDate, _): end = try date()
            case (.questionType, _):
                guard let code = JSONObjectReader.wholeNumber(try scalar()) else { throw NotCommonShape() }
                // A number this version does not know is nil, as the tree decoder reads it.
                questionType = QuestionType(rawValue: code)
            case (.userInfo, _): userInfo = try object()
            case (.scaleAnswer, .scale), (.numericAnswer, .numeric):
                guard let value = JSONObjectReader.number(try scalar()) else { throw NotCommonShape() }
                number = value
            case (.choiceAnswers, .choice):
                choices = try array { stream, token throws(NotCommonShape) in
                    guard let choice = ResultTreeDecoder.choice(try stream.scalar(first: token)) else {
                        throw NotCommonShape()
                    }
                    return choice
                }
            case (.booleanAnswer, .boolean):
                guard let value = JSONObjectReader.flag(try scalar()) else { throw NotCommonShape() }
                flag = value
            case (.textAnswer, .text): text = try string()
            case (.unit, .numeric): unit = try string()
            case (.displayUnit, .numeric): displayUnit = try string()
            // `noAnswerType` or ResearchKit 2.1's `noAnswer_…`: "I don't know" is read by the tree decoder.
            case (.noAnswer, _): throw NotCommonShape()
            default: try skip()
            }
        }
        guard let identifier, let start, let end else { throw NotCommonShape() }
        let value: QuestionValue =
            switch kind {
            case .scale: .scale(number)
            case .choice: .choice(choices)
            case .boolean: .boolean(flag)
            case .text: .text(text)
            case .numeric: .numeric(number, unit: unit, displayUnit: displayUnit)
            }
        return QuestionResult(
            identifier: identifier, startDate: start, endDate: end, questionType: questionType, value: value,
            userInfo: userInfo)
    }
}

/// The members `ResultStreamReader` reads, told apart by a key's length and then its bytes (a chain of comparisons
/// with each name cost a tenth of the reading).
private enum Member {
    case className, identifier, taskRunUUID, startDate, endDate, results, userInfo, device, isPreviousResult
    case enabledAssistiveTechnology, questionType, scaleAnswer, numericAnswer, choiceAnswers, booleanAnswer
    case textAnswer, unit, displayUnit
    /// `noAnswerType`, or any key that starts `noAnswer` (ResearchKit 2.1's `noAnswer_<answer key>`).
    case noAnswer
    /// Any other key.
    case other

    init(_ key: UnsafeBufferPointer<UInt8>) {
        func `is`(_ name: StaticString) -> Bool {
            memcmp(key.baseAddress!, name.utf8Start, key.count) == 0
        }
        if key.count >= 8, key[0] == UInt8(ascii: "n"),
            memcmp(key.baseAddress!, ("noAnswer" as StaticString).utf8Start, 8) == 0
        {
            self = .noAnswer
            return
        }
        self =
            switch key.count {
            case 4 where `is`("unit"): .unit
            case 6 where `is`("_class"): .className
            case 6 where `is`("device"): .device
            case 7 where `is`("endDate"): .endDate
            case 7 where `is`("results"): .results
            case 8 where `is`("userInfo"): .userInfo
            case 9 where `is`("startDate"): .startDate
            case 10 where `is`("identifier"): .identifier
            case 10 where `is`("textAnswer"): .textAnswer
            case 11 where `is`("taskRunUUID"): .taskRunUUID
            case 11 where `is`("scaleAnswer"): .scaleAnswer
            case 11 where `is`("displayUnit"): .displayUnit
            case 12 where `is`("questionType"): .questionType
            case 13 where `is`("numericAnswer"): .numericAnswer
            case 13 where `is`("booleanAnswer"): .booleanAnswer
            case 13 where `is`("choiceAnswers"): .choiceAnswers
            case 16 where `is`("isPreviousResult"): .isPreviousResult
            case 26 where `is`("enabledAssistiveTechnology"): .enabledAssistiveTechnology
            default: .other
            }
    }
}
