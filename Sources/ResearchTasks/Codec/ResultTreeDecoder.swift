import Foundation
package import RegimenFoundation

/// Reads a result tree from the serializer's JSON object tree (docs/researchkit-results.md, "Encoding rules" and
/// "Result classes and their keys"), as written by Regimen or by a ResearchKit app of any version, reading what
/// ResearchKit's own decoder reads (docs/researchkit-results.md): every node keeps its JSON object in `source`, so
/// keys, classes and forms the model does not hold are written back; results of unknown classes are kept verbatim. Only
/// what cannot be a result is refused: not an object where a result must be, a root that is not a task result, a
/// modeled value of the wrong JSON kind or text. A member read here must be read alike or refused by
/// `ResultStreamReader` too (`ResultStreamReaderTests.keysTheTreeReads`).
package struct ResultTreeDecoder {
    /// The last date read: a file's dates are mostly one text.
    private let recentDates = RecentDateText()

    /// Creates a decoder.
    package init() {}

    /// The task result at the top level of `document`.
    package func taskResult(from document: JSONValue) throws(ResultFileError) -> TaskResult {
        let object = try JSONObjectReader(document, path: "")
        let className = try object.className()
        guard ResultClassName.taskClasses.contains(className) else {
            throw .wrongClass(path: object.path, expected: ResultClassName.task, found: className)
        }
        let identifier = try object.string("identifier")
        let uuid: UUID
        if let uuidText = try object.optionalString("taskRunUUID") {
            guard let parsed = UUIDText.parse(uuidText) else {
                throw .badUUID(path: object.path(of: "taskRunUUID"), text: uuidText)
            }
            uuid = parsed
        } else {
            uuid = ContentRunIdentifier.uuid(for: document)
        }
        var steps: [StepResult] = []
        for (index, item) in (try object.optionalArray("results") ?? []).enumerated() {
            let path = object.path(of: "results", index: index)
            // Anything but a step result directly under the task (a page result, a question result…) stays in
            // `source` and is written back where it was.
            guard Self.isStepResult(item) else {
                _ = try JSONObjectReader(item, path: path)
                continue
            }
            steps.append(try stepResult(from: JSONObjectReader(item, path: path)))
        }
        var device: DeviceInfo?
        if let value = object.value("device") {
            let reader = try JSONObjectReader(value, path: object.path(of: "device"))
            // A device of another class (a later ResearchKit's subclass) is kept as written, unmodeled.
            if Self.isDevice(reader) { device = try deviceInfo(from: reader) }
        }
        return TaskResult(
            identifier: identifier, taskRunUUID: uuid, startDate: try object.date("startDate", recent: recentDates),
            endDate: try object.date("endDate", recent: recentDates), results: steps, device: device,
            userInfo: try object.optionalObject("userInfo"), source: object.members)
    }

    /// Whether `value` is read as a step result of a task: an object whose `_class` is `ORKStepResult`.
    package static func isStepResult(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value, case .string(let className)? = members["_class"] else { return false }
        return className == ResultClassName.step
    }

    /// Whether `object` is read as an `ORKDevice`: its `_class` is that, or absent.
    private static func isDevice(_ object: JSONObjectReader) -> Bool {
        switch object.value("_class") {
        case nil: true
        case .string(let name)?: name == ResultClassName.device
        default: false
        }
    }

    package func deviceInfo(from object: JSONObjectReader) throws(ResultFileError) -> DeviceInfo {
        try object.requireClass(ResultClassName.device, optional: true)
        return DeviceInfo(
            product: try object.optionalString("product"), osVersion: try object.optionalString("osVersion"),
            osBuild: try object.optionalString("osBuild"), platform: try object.optionalString("platform"),
            researchKitVersion: try object.optionalString("researchKitVersion"),
            researchKitBundleVersion: try object.optionalString("researchKitBundleVersion"), source: object.members)
    }

    /// A step result; `isPreviousResult` and `results` default to false and [] when absent (older files).
    package func stepResult(from object: JSONObjectReader) throws(ResultFileError) -> StepResult {
        try object.requireClass(ResultClassName.step)
        let identifier = try object.string("identifier")
        var children: [ChildResult] = []
        for (index, item) in (try object.optionalArray("results") ?? []).enumerated() {
            children.append(
                try childResult(from: JSONObjectReader(item, path: object.path(of: "results", index: index))))
        }
        return StepResult(
            identifier: identifier, startDate: try object.date("startDate", recent: recentDates),
            endDate: try object.date("endDate", recent: recentDates),
            results: children, isPreviousResult: try object.optionalFlag("isPreviousResult") ?? false,
            enabledAssistiveTechnology: try object.optionalString("enabledAssistiveTechnology"),
            userInfo: try object.optionalObject("userInfo"), source: object.members)
    }

    /// A child of a step result: a modeled class, or any other object kept verbatim.
    package func childResult(from object: JSONObjectReader) throws(ResultFileError) -> ChildResult {
        let className = try object.className()
        if let question = try questionResult(from: object, className: className) { return .question(question) }
        switch className {
        case ResultClassName.rangeOfMotion:
            if let motion = try rangeOfMotionResult(from: object) { return .rangeOfMotion(motion) }
        case ResultClassName.file:
            return .file(
                FileResult(
                    identifier: try object.string("identifier"),
                    startDate: try object.date("startDate", recent: recentDates),
                    endDate: try object.date("endDate", recent: recentDates),
                    contentType: try object.optionalString("contentType"),
                    fileName: try object.optionalString("fileName"), userInfo: try object.optionalObject("userInfo"),
                    source: object.members))
        case ResultClassName.consentSignature:
            return .consentSignature(
                ConsentSignatureResult(
                    identifier: try object.string("identifier"),
                    startDate: try object.date("startDate", recent: recentDates),
                    endDate: try object.date("endDate", recent: recentDates),
                    consented: try object.optionalFlag("consented") ?? false,
                    signature: try consentSignature(from: object), document: try consentDocument(from: object),
                    userInfo: try object.optionalObject("userInfo"), source: object.members))
        default:
            break
        }
        return .other(
            OtherResult(
                className: className, identifier: ResultTreeEncoder.otherIdentifier(in: object.members),
                json: object.members))
    }

    /// The `signature` object of a consent result (`ORKConsentSignature`), nil when absent.
    private func consentSignature(from object: JSONObjectReader) throws(ResultFileError) -> ConsentSignature? {
        guard let members = try object.optionalObject("signature") else { return nil }
        let signature = try JSONObjectReader(.object(members), path: object.path(of: "signature"))
        return ConsentSignature(
            identifier: try signature.optionalString("identifier") ?? "",
            givenName: try signature.optionalString("givenName"),
            familyName: try signature.optionalString("familyName"),
            signatureDate: try signature.optionalString("signatureDate"))
    }

    /// The document a consent result names (`documentIdentifier`, `documentVersion`, `documentDigest`,
    /// `documentLanguage`); nil when it names none.
    private func consentDocument(from object: JSONObjectReader) throws(ResultFileError) -> ConsentDocumentReference? {
        guard let identifier = try object.optionalString("documentIdentifier") else { return nil }
        return ConsentDocumentReference(
            identifier: identifier, version: try object.string("documentVersion"),
            digest: try object.string("documentDigest"), language: try object.optionalString("documentLanguage"))
    }

    /// A range-of-motion result of ResearchKit ≥ 2.1 (`start`, `finish`, `minimum`, `maximum`, `range`) or of
    /// ResearchKit 1.x/2.0 (`flexed`, `extended`: the angles at the start and at the end, so start = flexed,
    /// finish = extended, minimum/maximum the smaller/greater of the two, range = |extended − flexed|). Nil (kept
    /// verbatim) when it holds neither set.
    private func rangeOfMotionResult(from object: JSONObjectReader) throws(ResultFileError) -> RangeOfMotionResult? {
        let current = ["start", "finish", "minimum", "maximum", "range"]
        let values: [Double]
        if current.allSatisfy({ object.value($0) != nil }) {
            values = try current.map { key throws(ResultFileError) in try object.double(key) }
        } else if let flexed = try object.optionalDouble("flexed"), let extended = try object.optionalDouble("extended")
        {
            values = [flexed, extended, min(flexed, extended), max(flexed, extended), abs(extended - flexed)]
        } else {
            return nil
        }
        return RangeOfMotionResult(
            identifier: try object.string("identifier"), startDate: try object.date("startDate", recent: recentDates),
            endDate: try object.date("endDate", recent: recentDates), start: values[0], finish: values[1],
            minimum: values[2],
            maximum: values[3], range: values[4], userInfo: try object.optionalObject("userInfo"),
            source: object.members)
    }

    /// The question result when `className` is a modeled `ORK…QuestionResult` subclass, else nil.
    private func questionResult(
        from object: JSONObjectReader, className: String
    ) throws(ResultFileError) -> QuestionResult? {
        let value: QuestionValue
        switch className {
        case "ORKScaleQuestionResult":
            value = .scale(try object.optionalNumber("scaleAnswer"))
        case "ORKChoiceQuestionResult":
            value = .choice(try choiceAnswers(from: object))
        case "ORKBooleanQuestionResult":
            value = .boolean(try object.optionalFlag("booleanAnswer"))
        case "ORKTextQuestionResult":
            value = .text(try object.optionalString("textAnswer"))
        case "ORKNumericQuestionResult":
            value = .numeric(
                try object.optionalNumber("numericAnswer"), unit: try object.optionalString("unit"),
                displayUnit: try object.optionalString("displayUnit"))
        case "ORKTimeOfDayQuestionResult":
            var time: TimeOfDay?
            if let text = try object.optionalString("dateComponentsAnswer") {
                guard let parsed = ResultDateText.timeOfDay(from: text) else {
                    throw .badTimeOfDay(path: object.path(of: "dateComponentsAnswer"), text: text)
                }
                time = parsed
            }
            value = .timeOfDay(time)
        case "ORKTimeIntervalQuestionResult":
            value = .timeInterval(try object.optionalDouble("intervalAnswer"))
        case "ORKDateQuestionResult":
            value = .date(
                try object.optionalDate("dateAnswer"), calendar: try object.optionalString("calendar"),
                timeZoneSeconds: try object.optionalInteger("timeZone"))
        default:
            return nil
        }
        let identifier = try object.string("identifier")
        // A number this version does not know is kept (in `source`), as ResearchKit keeps any integer.
        let questionType = try object.optionalInteger("questionType").flatMap(QuestionType.init(rawValue:))
        return QuestionResult(
            identifier: identifier, startDate: try object.date("startDate", recent: recentDates),
            endDate: try object.date("endDate", recent: recentDates),
            questionType: questionType, value: value, isDontKnow: try isDontKnow(object),
            userInfo: try object.optionalObject("userInfo"), source: object.members)
    }

    /// Whether the participant chose "I don't know": `noAnswerType` (ResearchKit 3) or a `noAnswer_<answer key>`
    /// member (ResearchKit 2.1) holding an `ORKDontKnowAnswer`. Another kind of no-answer object (a class this
    /// version does not know) is kept as written and means no "I don't know"; a marker that is no object is refused.
    private func isDontKnow(_ object: JSONObjectReader) throws(ResultFileError) -> Bool {
        if let marker = object.value("noAnswerType") {
            return try JSONObjectReader(marker, path: object.path(of: "noAnswerType")).className()
                == ResultClassName.dontKnow
        }
        for (key, marker) in object.members
        where key.utf8.first == Self.legacyDontKnowPrefix[0] && key.utf8.starts(with: Self.legacyDontKnowPrefix)
            && marker != .null
        {
            if try JSONObjectReader(marker, path: object.path(of: key)).className() == ResultClassName.dontKnow {
                return true
            }
        }
        return false
    }

    /// `noAnswer_`, the ResearchKit 2.1 don't-know key prefix, as bytes (compared without Unicode processing).
    private static let legacyDontKnowPrefix = Array("noAnswer_".utf8)

    private func choiceAnswers(from object: JSONObjectReader) throws(ResultFileError) -> [ChoiceValue]? {
        guard let items = try object.optionalArray("choiceAnswers") else { return nil }
        var choices: [ChoiceValue] = []
        choices.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let choice = Self.choice(item) else {
                throw .wrongType(
                    path: object.path(of: "choiceAnswers", index: index), expected: .string, found: JSONKind(of: item))
            }
            choices.append(choice)
        }
        return choices
    }

    /// One of `choiceAnswers`: a string, number or boolean; nil for anything else.
    static func choice(_ item: JSONValue) -> ChoiceValue? {
        switch item {
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .double(let number): .double(number)
        case .bool(let flag): .boolean(flag)
        default: nil
        }
    }
}
