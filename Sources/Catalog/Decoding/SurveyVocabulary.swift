/// Every key the survey format accepts, per kind of object. The decoder rejects other keys, and a test
/// checks that `surveys/schema.json` (`$defs/<name>/properties`) declares exactly these.
enum SurveyVocabulary {
    static let answerFormatKeys = [
        "scale", "continuousScale", "textScale", "singleChoice", "multipleChoice", "boolean", "integer", "decimal",
        "freeText", "date", "dateTime", "timeOfDay", "timeInterval", "valuePicker",
    ]
    static let stepKindKeys = ["instruction", "completion", "question", "form", "consent"]
    static let conditionKeys = [
        "isNil", "isAnswered", "isDontKnow", "numberEquals", "numberInRange", "choicesInclude", "choicesMatch",
        "booleanEquals",
        "textEquals", "textMatches", "textInRange", "timeOfDayInRange", "dateInRange", "consented",
    ]
    static let stepCommon = ["title", "text", "detail", "footnote", "showsProgress"]

    /// Allowed keys by object name (the names of the schema's `$defs`).
    static let objects: [String: [String]] = [
        "task": [
            "id", "title", "language", "instructions", "impactsAdherence", "schedule", "predefined", "steps",
            "navigation", "skip",
            "outcomes", "charts", "fhir", "health", "variables", "plan", "links", "logged", "labeledValue",
        ],
        // The care file and task links (docs/care-plans.md).
        "careFile": ["language", "plans", "contacts", "patient"],
        "carePlan": ["id", "title", "start", "end"],
        "contact": [
            "id", "name", "title", "role", "organization", "category", "plan", "phone", "messaging", "email", "address",
        ],
        "personName": ["given", "family", "prefix", "suffix"],
        "phoneNumber": ["number", "country", "label"],
        "emailAddress": ["address", "label"],
        "postalAddress": ["street", "city", "state", "postalCode", "country"],
        "patient": ["id", "name", "birthday", "sex", "allergies"],
        "link": ["title", "website", "phone", "message", "email", "address", "app"],
        "variable": ["name", "expression"],
        "missingRule": ["items", "atLeast", "prorate", "round"],
        "health": ["type", "aggregate", "stages", "activity", "kind", "units", "goal", "beside"],
        "fhir": ["id", "url", "version", "name", "status", "code"],
        "coding": ["system", "code", "display"],
        "predefined": ["task", "limb", "excludeInstructions", "excludeConclusion", "intendedUse"],
        "scheduleElement": ["daily", "weekly", "every"],
        "repeatOptions": ["at", "start", "end", "duration", "text"],
        "everyOptions": ["interval", "at", "start", "end", "duration", "text"],
        "anchor": ["anchor", "offset"],
        "components": ["years", "months", "weeks", "days", "hours", "minutes"],
        "durationAmount": ["days", "hours", "minutes"],
        "instructionStep": ["instruction", "linkId", "prefix"] + stepCommon + ["bullets"],
        "completionStep": ["completion"] + stepCommon + ["bullets"],
        "questionStep": ["question", "linkId", "prefix"] + stepCommon
            + ["questionText", "placeholder", "optional", "code", "itemControl", "fhirType", "calculated", "initial"]
            + answerFormatKeys,
        "formStep": ["form", "linkId", "prefix"] + stepCommon + ["optional", "code", "itemControl", "items"],
        "consentStep": ["consent"] + stepCommon + [
            "document", "version", "effective", "required", "withdrawal", "sections", "questions", "reason",
        ],
        "consentSection": ["title", "content"],
        "consentQuestion": ["text", "options", "answer", "section"],
        "formItem": [
            "id", "linkId", "prefix", "text", "detail", "placeholder", "optional", "code", "itemControl", "fhirType",
            "enabledWhen", "calculated", "initial",
        ]
            + answerFormatKeys,
        "formGroup": ["group", "linkId", "prefix", "text", "code", "itemControl", "enabledWhen", "items"],
        "sectionHeader": ["section", "detail"],
        "scale": ["min", "max", "step", "default", "minDescription", "maxDescription", "vertical"],
        "continuousScale": ["min", "max", "default", "fractionDigits", "minDescription", "maxDescription", "style"],
        "textScale": ["choices", "default"],
        "choiceList": ["choices"],
        "choice": ["text", "value", "detail", "exclusive", "other", "coding", "score", "optionType"],
        "otherChoice": ["placeholder", "optional"],
        "boolean": ["yes", "no"],
        "integer": ["unit", "displayUnit", "min", "max", "default", "unitCode"],
        "decimal": ["unit", "displayUnit", "min", "max", "fractionDigits", "default", "unitCode"],
        "freeText": ["maxLength", "pattern", "invalidMessage", "multipleLines", "default"],
        "date": ["min", "max", "default"],
        "timeOfDay": ["default"],
        "timeInterval": ["step", "default"],
        "navigationRule": ["after", "rules", "otherwise", "goto"],
        "predicateRule": ["when", "goto"],
        "skipRule": ["step", "when"],
        "predicate": ["result", "task", "all", "any", "not", "expression"] + conditionKeys,
        "numberRange": ["min", "max", "minExclusive", "maxExclusive"],
        "timeRange": ["min", "max"],
        "textRange": ["min", "max", "minExclusive", "maxExclusive"],
        "dateRange": ["min", "max", "minExclusive", "maxExclusive"],
        "outcome": ["kind", "path", "sum", "score", "missing", "units", "type", "code"],
        "chart": ["title", "type", "kinds"],
    ]

    /// The allowed keys of one object kind.
    static func keys(_ name: String) -> [String] {
        objects[name] ?? []
    }
}
