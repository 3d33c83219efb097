package import Foundation
package import RegimenFoundation

/// The tree an expression is evaluated over: a FHIR resource as JSON, such as a QuestionnaireResponse of the answers so
/// far. The survey runner builds one from a `JSONObject` it assembles; tests read one from a file, the very JSON
/// fhirpathpy is given.
///
/// ```swift
/// let response = try FHIRPathResource(json: data)
/// let total = try FHIRPathExpression(parsing: "item.answer.value.ordinal().sum()")
///     .evaluate(on: response, clock: clock)
/// ```
package struct FHIRPathResource: Sendable, Hashable {
    /// The root element, typed by its `resourceType`.
    package var root: FHIRPathElement

    /// A resource of `members`, its type taken from its `resourceType` member.
    package init(_ members: JSONObject) {
        let type: String? = if case .string(let name)? = members["resourceType"] { name } else { nil }
        root = FHIRPathElement(members, typeName: type)
    }

    /// A resource read from JSON text (UTF-8); the document must be an object.
    package init(json data: Data) throws(FHIRPathResourceError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            throw .invalidJSON(error)
        }
        guard case .object(let members) = value else { throw .notAnObject }
        self.init(members)
    }

    /// The resource as the one-item collection `%resource` holds.
    package var value: FHIRPathValue { .element(root) }
}
