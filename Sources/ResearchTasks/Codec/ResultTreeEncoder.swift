package import Foundation
package import RegimenFoundation

/// Builds the serializer's JSON object tree for a result tree (docs/researchkit-results.md, "Encoding rules" and
/// "Result classes and their keys").
package struct ResultTreeEncoder {
    /// Zone in which dates are written.
    package let timeZone: TimeZone

    /// Creates an encoder writing dates in `timeZone`.
    package init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The `ORKTaskResult` object. A tree read from a file is written back as it was read (see `merged`), results
    /// that are not step results included, in their places.
    package func json(for task: TaskResult) -> JSONValue {
        var object = members(for: task)
        let steps = task.results.map(json(for:))
        guard let source = task.source else {
            object["results"] = .array(steps)
            return .object(object)
        }
        let asRead = (try? ResultTreeDecoder().taskResult(from: .object(source))).map(members(for:)) ?? [:]
        object = Self.merged(object, asRead: asRead, source: source)
        guard case .array(let written)? = source["results"] else {
            object["results"] = steps.isEmpty ? source["results"] : .array(steps)
            return .object(object)
        }
        var results: [JSONValue] = []
        results.reserveCapacity(max(written.count, steps.count))
        var next = 0
        for item in written {
            if !ResultTreeDecoder.isStepResult(item) {
                results.append(item)
            } else if next < steps.count {
                results.append(steps[next])
                next += 1
            }
        }
        results += steps[next...]
        object["results"] = .array(results)
        return .object(object)
    }

    /// The members a file holds for a node read from `source`: where the modeled member still equals what `source`
    /// itself reads as (`asRead`, both written by this encoder), the source's own member — its exact date text and
    /// offset, a number given for a boolean, a lowercase UUID, an explicit null, a member left out (a default the
    /// decoder filled in) — and every member the model does not hold; where the value changed since, the modeled one.
    static func merged(
        _ modeled: JSONObject, asRead: JSONObject, source: JSONObject
    ) -> JSONObject {
        var object: JSONObject = [:]
        object.reserveCapacity(source.count)
        for (key, value) in source where modeled[key] == asRead[key] { object[key] = value }
        for (key, value) in modeled where value != asRead[key] { object[key] = value }
        return object
    }

    private func members(for task: TaskResult) -> JSONObject {
        var object = base(ResultClassName.task, task.identifier, task.startDate, task.endDate, task.userInfo)
        object["taskRunUUID"] = .string(task.taskRunUUID.uuidString.uppercased())
        if let device = task.device { object["device"] = json(for: device) }
        return object
    }

    private func json(for device: DeviceInfo) -> JSONValue {
        let object = members(for: device)
        guard let source = device.source else { return .object(object) }
        let asRead =
            (try? ResultTreeDecoder().deviceInfo(from: JSONObjectReader(.object(source), path: "")))
            .map(members(for:)) ?? [:]
        return .object(Self.merged(object, asRead: asRead, source: source))
    }

    private func members(for device: DeviceInfo) -> JSONObject {
        var object: JSONObject = ["_class": .string(ResultClassName.device)]
        object.setString("product", device.product)
        object.setString("osVersion", device.osVersion)
        object.setString("osBuild", device.osBuild)
        object.setString("platform", device.platform)
        object.setString("researchKitVersion", device.researchKitVersion)
        object.setString("researchKitBundleVersion", device.researchKitBundleVersion)
        return object
    }

    private func json(for step: StepResult) -> JSONValue {
        var object = members(for: step)
        let children = step.results.map(json(for:))
        guard let source = step.source else {
            object["results"] = .array(children)
            return .object(object)
        }
        let asRead =
            (try? ResultTreeDecoder().stepResult(from: JSONObjectReader(.object(source), path: "")))
            .map(members(for:)) ?? [:]
        object = Self.merged(object, asRead: asRead, source: source)
        if case .array? = source["results"] {
            object["results"] = .array(children)
        } else {
            object["results"] = children.isEmpty ? source["results"] : .array(children)
        }
        return .object(object)
    }

    private func members(for step: StepResult) -> JSONObject {
        var object = base(ResultClassName.step, step.identifier, step.startDate, step.endDate, step.userInfo)
        object["isPreviousResult"] = .bool(step.isPreviousResult)
        object.setString("enabledAssistiveTechnology", step.enabledAssistiveTechnology)
        return object
    }

    private func json(for child: ChildResult) -> JSONValue {
        let object = members(for: child)
        guard let source = child.source else { return .object(object) }
        let asRead =
            (try? ResultTreeDecoder().childResult(from: JSONObjectReader(.object(source), path: "")))
            .map(members(for:)) ?? [:]
        return .object(Self.merged(object, asRead: asRead, source: source))
    }

    private func members(for child: ChildResult) -> JSONObject {
        switch child {
        case .question(let result):
            return members(for: result)
        case .rangeOfMotion(let result):
            var object = base(
                ResultClassName.rangeOfMotion, result.identifier, result.startDate, result.endDate, result.userInfo)
            object.setDouble("start", result.start)
            object.setDouble("finish", result.finish)
            object.setDouble("minimum", result.minimum)
            object.setDouble("maximum", result.maximum)
            object.setDouble("range", result.range)
            return object
        case .file(let result):
            var object = base(
                ResultClassName.file, result.identifier, result.startDate, result.endDate, result.userInfo)
            object.setString("contentType", result.contentType)
            object.setString("fileName", result.fileName)
            return object
        case .consentSignature(let result):
            var object = base(
                ResultClassName.consentSignature, result.identifier, result.startDate, result.endDate, result.userInfo)
            object["consented"] = .bool(result.consented)
            if let signature = result.signature {
                var members: JSONObject = [
                    "_class": .string(ResultClassName.consentSignatureDetails),
                    "identifier": .string(signature.identifier), "requiresName": .bool(true),
                    "requiresSignatureImage": .bool(false),
                ]
                members.setString("givenName", signature.givenName)
                members.setString("familyName", signature.familyName)
                members.setString("signatureDate", signature.signatureDate)
                if signature.signatureDate != nil {
                    members["signatureDateFormatString"] = .string(ConsentSignature.dateFormat)
                }
                object["signature"] = .object(members)
            }
            if let document = result.document {
                object["documentIdentifier"] = .string(document.identifier)
                object["documentVersion"] = .string(document.version)
                object["documentDigest"] = .string(document.digest)
                object.setString("documentLanguage", document.language)
            }
            return object
        case .other(let result):
            var object = result.json
            object["_class"] = .string(result.className)
            if Self.otherIdentifier(in: object) != result.identifier {
                object["identifier"] = .string(result.identifier)
            }
            return object
        }
    }

    private func members(for result: QuestionResult) -> JSONObject {
        var object = base(
            result.value.className, result.identifier, result.startDate, result.endDate, result.userInfo)
        object["questionType"] = result.questionType.map { .integer($0.rawValue) }
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
        return object
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
        case .boolean(let value): .bool(value)
        }
    }

    /// The identifier decoding reads from an unmodeled result: its `identifier` string, else "".
    package static func otherIdentifier(in object: JSONObject) -> String {
        if case .string(let identifier)? = object["identifier"] { identifier } else { "" }
    }

    /// The `ORKResult` keys every class shares.
    private func base(
        _ className: String, _ identifier: String, _ startDate: Date, _ endDate: Date, _ userInfo: JSONObject?
    ) -> JSONObject {
        var object: JSONObject = [
            "_class": .string(className),
            "identifier": .string(identifier),
            "startDate": .string(ResultDateText.string(from: startDate, timeZone: timeZone)),
            "endDate": .string(ResultDateText.string(from: endDate, timeZone: timeZone)),
        ]
        if let userInfo { object["userInfo"] = .object(userInfo) }
        return object
    }
}

extension JSONObject {
    /// Sets a string member, omitting nil (the serializer writes no nulls).
    fileprivate mutating func setString(_ key: String, _ value: String?) {
        if let value { self[key] = .string(value) }
    }

    /// Sets a double member, omitting nil and non-finite values (JSON cannot hold NaN or infinity).
    fileprivate mutating func setDouble(_ key: String, _ value: Double?) {
        if let value, value.isFinite { self[key] = .double(value) }
    }
}
