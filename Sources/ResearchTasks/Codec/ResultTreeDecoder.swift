import Foundation

/// Reads a result tree from the serializer's JSON object tree (reference §4.2, §4.3), as written by Regimen
/// or by ResearchKit apps. Unknown keys on known classes are ignored; unknown child classes are kept verbatim.
package struct ResultTreeDecoder {
    /// Creates a decoder.
    package init() {}

    /// The task result at the top level of `document`.
    package func taskResult(from document: JSONValue) throws(ResultFileError) -> TaskResult {
        let object = try JSONObjectReader(document, path: "")
        try object.requireClass(ResultClassName.task)
        let identifier = try object.string("identifier")
        let uuidText = try object.string("taskRunUUID")
        guard let uuid = UUIDText.parse(uuidText) else {
            throw .badUUID(path: object.path(of: "taskRunUUID"), text: uuidText)
        }
        var steps: [StepResult] = []
        for (index, item) in (try object.optionalArray("results") ?? []).enumerated() {
            steps.append(try stepResult(from: JSONObjectReader(item, path: object.path(of: "results", index: index))))
        }
        var device: DeviceInfo?
        if let value = object.value("device") {
            device = try deviceInfo(from: JSONObjectReader(value, path: object.path(of: "device")))
        }
        return TaskResult(
            identifier: identifier, taskRunUUID: uuid, startDate: try object.date("startDate"),
            endDate: try object.date("endDate"), results: steps, device: device,
            userInfo: try object.optionalObject("userInfo"))
    }

    private func deviceInfo(from object: JSONObjectReader) throws(ResultFileError) -> DeviceInfo {
        try object.requireClass(ResultClassName.device, optional: true)
        return DeviceInfo(
            product: try object.optionalString("product"), osVersion: try object.optionalString("osVersion"),
            osBuild: try object.optionalString("osBuild"), platform: try object.optionalString("platform"))
    }

    /// A step result; `isPreviousResult` and `results` default to false and [] when absent (older files).
    private func stepResult(from object: JSONObjectReader) throws(ResultFileError) -> StepResult {
        try object.requireClass(ResultClassName.step)
        let identifier = try object.string("identifier")
        var children: [ChildResult] = []
        for (index, item) in (try object.optionalArray("results") ?? []).enumerated() {
            children.append(try childResult(from: JSONObjectReader(item, path: object.path(of: "results", index: index))))
        }
        return StepResult(
            identifier: identifier, startDate: try object.date("startDate"), endDate: try object.date("endDate"),
            results: children, isPreviousResult: try object.optionalBool("isPreviousResult") ?? false,
            enabledAssistiveTechnology: try object.optionalString("enabledAssistiveTechnology"),
            userInfo: try object.optionalObject("userInfo"))
    }

    private func childResult(from object: JSONObjectReader) throws(ResultFileError) -> ChildResult {
        let className = try object.className()
        if let question = try questionResult(from: object, className: className) { return .question(question) }
        switch className {
        case ResultClassName.rangeOfMotion:
            return .rangeOfMotion(
                RangeOfMotionResult(
                    identifier: try object.string("identifier"), startDate: try object.date("startDate"),
                    endDate: try object.date("endDate"), start: try object.double("start"),
                    finish: try object.double("finish"), minimum: try object.double("minimum"),
                    maximum: try object.double("maximum"), range: try object.double("range"),
                    userInfo: try object.optionalObject("userInfo")))
        case ResultClassName.file:
            return .file(
                FileResult(
                    identifier: try object.string("identifier"), startDate: try object.date("startDate"),
                    endDate: try object.date("endDate"), contentType: try object.optionalString("contentType"),
                    fileName: try object.optionalString("fileName"), userInfo: try object.optionalObject("userInfo")))
        case ResultClassName.consentSignature:
            return .consentSignature(
                ConsentSignatureResult(
                    identifier: try object.string("identifier"), startDate: try object.date("startDate"),
                    endDate: try object.date("endDate"), consented: try object.optionalBool("consented") ?? false,
                    userInfo: try object.optionalObject("userInfo")))
        default:
            return .other(
                OtherResult(
                    className: className, identifier: ResultTreeEncoder.otherIdentifier(in: object.members),
                    json: object.members))
        }
    }

    /// The question result when `className` is a modelled `ORK…QuestionResult` subclass, else nil.
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
            value = .boolean(try object.optionalBool("booleanAnswer"))
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
        let typeNumber = try object.integer("questionType")
        guard let questionType = QuestionType(rawValue: typeNumber) else {
            throw .unknownQuestionType(path: object.path(of: "questionType"), value: typeNumber)
        }
        var isDontKnow = false
        if let marker = object.value("noAnswerType") {
            try JSONObjectReader(marker, path: object.path(of: "noAnswerType")).requireClass(ResultClassName.dontKnow)
            isDontKnow = true
        }
        return QuestionResult(
            identifier: identifier, startDate: try object.date("startDate"), endDate: try object.date("endDate"),
            questionType: questionType, value: value, isDontKnow: isDontKnow,
            userInfo: try object.optionalObject("userInfo"))
    }

    private func choiceAnswers(from object: JSONObjectReader) throws(ResultFileError) -> [ChoiceValue]? {
        guard let items = try object.optionalArray("choiceAnswers") else { return nil }
        var choices: [ChoiceValue] = []
        for (index, item) in items.enumerated() {
            switch item {
            case .string(let text): choices.append(.string(text))
            case .integer(let number): choices.append(.integer(number))
            case .double(let number): choices.append(.double(number))
            default:
                throw .wrongType(
                    path: object.path(of: "choiceAnswers", index: index), expected: .string, found: JSONKind(of: item))
            }
        }
        return choices
    }
}
