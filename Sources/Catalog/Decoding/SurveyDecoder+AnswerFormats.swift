import Foundation
import ResearchTasks

extension SurveyDecoder {
    /// Decodes the one answer-format key of a question step or form item, then reports ResearchKit's rules
    /// it breaks (`AnswerFormat.validationProblems()`) under that key's path.
    func decodeAnswerFormat(in owner: MapReader) -> AnswerFormat? {
        let keys = SurveyVocabulary.answerFormatKeys.filter(owner.has)
        guard keys.count == 1, let key = keys.first, let node = owner.node(key) else {
            if keys.isEmpty {
                sink.report(
                    owner.path,
                    "missing an answer format (one of \(SurveyVocabulary.answerFormatKeys.joined(separator: ", ")))",
                    line: owner.line)
            } else {
                sink.report(
                    owner.path, "only one answer format is allowed, found \(keys.joined(separator: " and "))",
                    line: owner.line)
            }
            return nil
        }
        let path = owner.path.key(key)
        guard let format = decodeFormat(key: key, node: node, at: path) else { return nil }
        for problem in format.validationProblems() {
            sink.report(
                path.appending(rendered: Self.surveyPath(forModelPath: problem.path)), problem.reason, line: node.line)
        }
        return format
    }

    /// Renames the model's property names in a format problem's path to the survey format's keys.
    static func surveyPath(forModelPath path: String) -> String {
        let renames = [
            "minimum": "min", "maximum": "max", "maximumFractionDigits": "fractionDigits", "maximumLength": "maxLength",
            "defaultValue": "default", "defaultIndex": "default", "defaultDate": "default",
            "defaultInterval": "default",
            "defaultText": "default", "minimumDescription": "minDescription", "maximumDescription": "maxDescription",
            "detailText": "detail", "numberStyle": "style", "yesText": "yes", "noText": "no",
        ]
        guard !path.isEmpty else { return path }
        let head = path.prefix { $0 != "." && $0 != "[" }
        return (renames[String(head)] ?? String(head)) + path.dropFirst(head.count)
    }

    private func decodeFormat(key: String, node: SurveyNode, at path: SurveyPath) -> AnswerFormat? {
        let kind: String
        switch key {
        case "singleChoice", "multipleChoice", "valuePicker": kind = "choiceList"
        case "dateTime": kind = "date"
        default: kind = key
        }
        let allowNull = ["boolean", "freeText", "date", "dateTime", "timeOfDay", "timeInterval", "integer", "decimal"]
            .contains(key)
        guard let map = MapReader(node, at: path, kind: kind, sink: sink, allowNull: allowNull) else { return nil }
        switch key {
        case "scale":
            let min = map.int("min", required: true)
            let max = map.int("max", required: true)
            let step = map.int("step") ?? 1
            guard let min, let max else { return nil }
            return .scale(
                ScaleFormat(
                    minimum: min, maximum: max, step: step, defaultValue: map.int("default"),
                    minimumDescription: map.string("minDescription"), maximumDescription: map.string("maxDescription"),
                    vertical: map.bool("vertical") ?? false
                ))
        case "continuousScale":
            let min = map.number("min", required: true)
            let max = map.number("max", required: true)
            let style = map.choice("style", [ContinuousScaleFormat.NumberStyle.default, .percent]) ?? .default
            guard let min, let max else { return nil }
            return .continuousScale(
                ContinuousScaleFormat(
                    minimum: min, maximum: max, defaultValue: map.number("default"),
                    maximumFractionDigits: map.int("fractionDigits") ?? 0,
                    minimumDescription: map.string("minDescription"), maximumDescription: map.string("maxDescription"),
                    numberStyle: style
                ))
        case "textScale":
            let choices = decodeChoices(map)
            return choices.map { .textScale(TextScaleFormat(choices: $0, defaultIndex: map.int("default"))) }
        case "singleChoice", "multipleChoice":
            let style: ChoiceStyle = key == "singleChoice" ? .single : .multiple
            return decodeChoices(map).map { .textChoice(TextChoiceFormat(style: style, choices: $0)) }
        case "valuePicker":
            return decodeChoices(map).map { .valuePicker(ValuePickerFormat(choices: $0)) }
        case "boolean":
            return .boolean(BooleanFormat(yesText: map.string("yes"), noText: map.string("no")))
        case "integer", "decimal":
            return .numeric(
                NumericFormat(
                    style: key == "integer" ? .integer : .decimal, unit: map.string("unit"),
                    displayUnit: map.string("displayUnit"), minimum: map.number("min"), maximum: map.number("max"),
                    maximumFractionDigits: key == "decimal" ? map.int("fractionDigits") : nil,
                    defaultValue: map.number("default"),
                    unitCode: coding(map, "unitCode")
                ))
        case "freeText":
            return .text(
                TextFormat(
                    maximumLength: map.int("maxLength") ?? 0, pattern: map.string("pattern"),
                    invalidMessage: map.string("invalidMessage"), multipleLines: map.bool("multipleLines") ?? false,
                    defaultText: map.string("default")
                ))
        case "date", "dateTime":
            return .date(
                DateFormat(
                    style: key == "date" ? .date : .dateAndTime, minimum: date(map, "min"), maximum: date(map, "max"),
                    defaultDate: date(map, "default")
                ))
        case "timeOfDay":
            let value = map.string("default")
            let time = value.flatMap(DateText.timeOfDay)
            if value != nil, time == nil { map.report("default", "must be a time written \"HH:mm\", e.g. \"08:30\"") }
            return .timeOfDay(TimeOfDayFormat(defaultValue: time))
        case "timeInterval":
            return .timeInterval(TimeIntervalFormat(step: map.int("step") ?? 1, defaultInterval: map.number("default")))
        default:
            return nil
        }
    }

    private func date(_ map: MapReader, _ key: String) -> Date? {
        guard let text = map.string(key) else { return nil }
        guard let date = DateText.date(text, calendar: calendar) else {
            map.report(key, "must be a date written \"yyyy-MM-dd\" or \"yyyy-MM-ddTHH:mm[:ss][Z|±HH:mm]\"")
            return nil
        }
        return date
    }

    private func decodeChoices(_ map: MapReader) -> [TextChoice]? {
        guard let items = map.list("choices", required: true) else { return nil }
        var choices: [TextChoice] = []
        var failed = false
        for (node, path) in items {
            if let choice = decodeChoice(node, at: path) { choices.append(choice) } else { failed = true }
        }
        return failed ? nil : choices
    }

    /// A choice: a bare string (text = value), or a mapping with text, value (default: the coding's code, else the
    /// text), detail, exclusive, other (true, or placeholder/optional settings of a free-text "other" choice),
    /// coding, score and optionType (surveys/README.md, "FHIR").
    private func decodeChoice(_ node: SurveyNode, at path: SurveyPath) -> TextChoice? {
        if let text = node.string { return TextChoice(text: text, value: .string(text)) }
        switch node.value {
        case .bool, .int, .double, .null:
            sink.report(
                path, "must be a choice's text or a mapping, found \(node.kindName) (quote it)", line: node.line)
            return nil
        default: break
        }
        guard let map = MapReader(node, at: path, kind: "choice", sink: sink) else { return nil }
        let text = map.string("text", required: true)
        let coding = coding(map, "coding")
        let score = map.number("score")
        var value: ChoiceValue?
        if let valueNode = map.node("value") {
            switch valueNode.value {
            case .string(let string): value = .string(string)
            case .int(let number): value = .integer(number)
            case .double(let number): value = .double(number)
            default: map.wrongType("value", "a string or a number", valueNode)
            }
        } else if let code = coding?.code {
            value = .string(code)
        } else if let text {
            // A translated text's value is its default language's text, the same in every language.
            value = .string(defaultTexts[path.key("text")] ?? text)
        }
        let optionType = map.choice("optionType", ChoiceOptionType.allCases)
        if let optionType, let value, !Self.fits(value, optionType) {
            let form =
                optionType == .date ? "a date written \"yyyy-MM-dd\"" : "a time written \"HH:mm\" or \"HH:mm:ss\""
            map.report("value", "must be \(form) (optionType \(optionType.rawValue))")
        }
        var other: OtherChoice?
        if let otherNode = map.node("other") {
            if case .bool(let flag) = otherNode.value {
                other = flag ? OtherChoice() : nil
            } else if let otherMap = MapReader(otherNode, at: path.key("other"), kind: "otherChoice", sink: sink) {
                other = OtherChoice(
                    placeholder: otherMap.string("placeholder"), textOptional: otherMap.bool("optional") ?? true)
            }
            other?.defaultText = defaultTexts[path.key("text")]
        }
        noteTemplate(text, at: path.key("text"), line: map.node("text")?.line ?? map.line)
        guard let text, let value else { return nil }
        return TextChoice(
            text: text, detailText: self.text(map, "detail"), value: value, exclusive: map.bool("exclusive") ?? false,
            other: other,
            coding: coding, score: score, optionType: optionType
        )
    }

    /// Whether a choice value is written as its option type requires (FHIR `date`, `time`).
    private static func fits(_ value: ChoiceValue, _ type: ChoiceOptionType) -> Bool {
        guard case .string(let text) = value else { return false }
        let pattern = type == .date ? #"^\d{4}-\d{2}-\d{2}$"# : #"^\d{2}:\d{2}(:\d{2})?$"#
        return text.range(of: pattern, options: .regularExpression) != nil
    }
}
