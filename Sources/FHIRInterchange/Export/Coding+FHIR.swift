package import RegimenFoundation
package import ResearchTasks

extension Coding {
    /// The coding as a FHIR Coding element (system and display only when known).
    package var fhirElement: FHIRElement { FHIRCoding(self).element }
}

extension Array where Element == Coding {
    /// The codings as a FHIR array of Coding elements; nil when there are none.
    package var fhirJSON: JSONValue? { map(\.fhirElement).json }
}
