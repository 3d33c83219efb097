import Foundation

/// Builds the serializer's JSON object tree for a result tree (reference §4.2, §4.3).
package struct ResultTreeEncoder {
    /// Zone in which dates are written.
    package let timeZone: TimeZone

    /// Creates an encoder writing dates in `timeZone`.
    package init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The `ORKTaskResult` object.
    package func json(for task: TaskResult) -> JSONValue {
        var object = base(ResultClassName.task, task.identifier, task.startDate, task.endDate, task.userInfo)
        object["results"] = .array(task.results.map(json(for:)))
        object["taskRunUUID"] = .string(task.taskRunUUID.uuidString.uppercased())
        if let device = task.device { object["device"] = json(for: device) }
        return .object(object)
    }

    private func json(for device: DeviceInfo) -> JSONValue {
        var object: [String: JSONValue] = ["_class": .string(ResultClassName.device)]
        object.setString("product", device.product)
        object.setString("osVersion", device.osVersion)
        object.setString("osBuild", device.osBuild)
        object.setString("platform", device.platform)
        return .object(object)
    }

    private func json(for step: StepResult) -> JSONValue {
        var object = base(ResultClassName.step, step.identifier, step.startDate, step.endDate, step.userInfo)
        object["results"] = .array(step.results.map(json(for:)))
        object["isPreviousResult"] = .bool(step.isPreviousResult)
        object.setString("enabledAssistiveTechnology", step.enabledAssistiveTechnology)
        return .object(object)
    }

    private func json(for child: ChildResult) -> JSONValue {
        switch child {
        case .question(let result):
            return json(for: result)
        case .rangeOfMotion(let result):
            var object = base(
                ResultClassName.rangeOfMotion, result.identifier, result.startDate, result.endDate, result.userInfo)
            object.setDouble("start", result.start)
            object.setDouble("finish", result.finish)
            object.setDouble("minimum", result.minimum)
            object.setDouble("maximum", result.maximum)
            object.setDouble("range", result.range)
            return .object(object)
        case .file(let result):
            var object = base(ResultClassName.file, result.identifier, result.startDate, result.endDate, result.userInfo)
            object.setString("contentType", result.contentType)
            object.setString("fileName", result.fileName)
            return .object(object)
        case .consentSignature(let result):
            var object = base(
                ResultClassName.consentSignature, result.identifier, result.startDate, result.endDate, result.userInfo)
            object["consented"] = .bool(result.consented)
            return .object(object)
        case .other(let result):
            var object = result.json
            object["_class"] = .string(result.className)
            if Self.otherIdentifier(in: object) != result.identifier {
                object["identifier"] = .string(result.identifier)
            }
            return .object(object)
        }
    }

    private func json(for result: QuestionResult) -> JSONValue {
        var object = base(
            result.value.className, result.identifier, result.startDate, result.endDate, result.userInfo)
        object["questionType"] = .integer(result.questionType.rawValue)
        if result.isDontKnow { object["noAnswerType"] = .object(["_class": .string(ResultClassName.dontKnow)]) }
        switch result.value {
        case .scale(let answer):
            object["scaleAnswer"] = answer.flatMap(json(for:))
        case .choice(let answers):
            object["choiceAnswers"] = answers.map { .array($0.compactMap(json(for:))) }
        case .boolean(let answer):
            object["booleanAnswer"] = answer.map(JSONValue.bool)
        case .text(let answer):
            object["textAnswer"] = answer.map(JSONValue.string)
        case .numeric(let answer, let unit, let displayUnit):
            object["numericAnswer"] = answer.flatMap(json(for:))
            object.setString("unit", unit)
            object.setString("displayUnit", displayUnit)
        case .timeOfDay(let answer):
            object["dateComponentsAnswer"] = answer.map { .string(ResultDateText.string(from: $0)) }
        case .timeInterval(let answer):
            object.setDouble("intervalAnswer", answer)
        case .date(let answer, let calendar, let timeZoneSeconds):
            object["dateAnswer"] = answer.map { .string(ResultDateText.string(from: $0, timeZone: timeZone)) }
            object.setString("calendar", calendar)
            object["timeZone"] = timeZoneSeconds.map(JSONValue.integer)
        }
        return .object(object)
    }

    private func json(for number: NumberValue) -> JSONValue? {
        switch number {
        case .integer(let value): .integer(value)
        case .decimal(let value): value.isFinite ? .double(value) : nil
        }
    }

    private func json(for choice: ChoiceValue) -> JSONValue? {
        switch choice {
        case .string(let value): .string(value)
        case .integer(let value): .integer(value)
        case .double(let value): value.isFinite ? .double(value) : nil
        }
    }

    /// The identifier decoding reads from an unmodelled result: its `identifier` string, else "".
    package static func otherIdentifier(in object: [String: JSONValue]) -> String {
        if case .string(let identifier)? = object["identifier"] { identifier } else { "" }
    }

    /// The `ORKResult` keys every class shares.
    private func base(
        _ className: String, _ identifier: String, _ startDate: Date, _ endDate: Date, _ userInfo: [String: JSONValue]?
    ) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "_class": .string(className),
            "identifier": .string(identifier),
            "startDate": .string(ResultDateText.string(from: startDate, timeZone: timeZone)),
            "endDate": .string(ResultDateText.string(from: endDate, timeZone: timeZone)),
        ]
        if let userInfo { object["userInfo"] = .object(userInfo) }
        return object
    }
}

extension [String: JSONValue] {
    /// Sets a string member, omitting nil (the serializer writes no nulls).
    fileprivate mutating func setString(_ key: String, _ value: String?) {
        if let value { self[key] = .string(value) }
    }

    /// Sets a double member, omitting nil and non-finite values (JSON cannot hold NaN or infinity).
    fileprivate mutating func setDouble(_ key: String, _ value: Double?) {
        if let value, value.isFinite { self[key] = .double(value) }
    }
}
