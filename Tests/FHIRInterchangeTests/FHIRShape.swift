import Foundation
import RegimenFoundation
import Testing

/// Structural checks of exported FHIR JSON shared by the suites: FHIR's JSON rules, value[x] choices, references.
enum FHIRShape {
    /// Every problem of FHIR's JSON rules in `value`: nulls, blank strings, empty arrays and objects.
    static func emptiness(_ value: JSONValue, path: String = "") -> [String] {
        switch value {
        case .null: return ["\(path): null"]
        case .string(let text): return text.allSatisfy(\.isWhitespace) ? ["\(path): empty string"] : []
        case .array(let items):
            if items.isEmpty { return ["\(path): []"] }
            return items.enumerated().flatMap { emptiness($0.element, path: "\(path)[\($0.offset)]") }
        case .object(let members):
            if members.isEmpty { return ["\(path): {}"] }
            return members.flatMap { emptiness($0.value, path: "\(path).\($0.key)") }
        case .bool, .integer, .double: return []
        }
    }

    /// The members of an object (empty for anything else).
    static func object(_ value: JSONValue?) -> JSONObject {
        if case .object(let members)? = value { return members }
        return [:]
    }

    /// The elements of an array (empty for anything else).
    static func array(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = value { return items }
        return []
    }

    /// The string, if `value` is one.
    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// The names of the `prefix[x]` members of an object (`valueInteger` for prefix `value`).
    static func choiceNames(_ object: JSONObject, prefix: String) -> [String] {
        object.keys.filter {
            $0.hasPrefix(prefix) && $0.count > prefix.count && $0.dropFirst(prefix.count).first!.isUppercase
        }.sorted()
    }

    /// The items of a Questionnaire or QuestionnaireResponse, depth first, as (path of linkIds, item).
    static func items(_ resource: JSONValue, path: [String] = []) -> [(path: [String], item: JSONObject)] {
        array(object(resource)["item"]).flatMap { element -> [(path: [String], item: JSONObject)] in
            let item = object(element)
            let here = path + [string(item["linkId"]) ?? "?"]
            return [(here, item)] + items(element, path: here)
        }
    }

    /// Problems of a QuestionnaireResponse's items: each has a linkId, exactly one of answer or item, every answer
    /// exactly one value[x].
    static func responseProblems(_ response: JSONValue) -> [String] {
        items(response).flatMap { path, item -> [String] in
            var problems: [String] = []
            let place = path.joined(separator: "/")
            if (item["answer"] == nil) == (item["item"] == nil) {
                problems.append("\(place): needs exactly one of answer and item")
            }
            for answer in array(item["answer"]) where choiceNames(object(answer), prefix: "value").count != 1 {
                problems.append("\(place): an answer without exactly one value[x]")
            }
            return problems
        }
    }

    /// Whether `text` is `Type/id`.
    static func isReference(_ text: String?, to type: String) -> Bool {
        guard let text, text.hasPrefix(type + "/") else { return false }
        return FHIRIdentifierCheck.isValid(String(text.dropFirst(type.count + 1)))
    }
}

/// FHIR's id syntax, written again here so that the tests do not check the export with its own rule.
enum FHIRIdentifierCheck {
    static func isValid(_ text: String) -> Bool {
        text.range(of: "^[A-Za-z0-9\\-.]{1,64}$", options: .regularExpression) != nil
    }
}
