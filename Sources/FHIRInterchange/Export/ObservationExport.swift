package import CareModel
package import Foundation
package import RegimenFoundation
package import ResearchTasks

/// Stored outcome values as a FHIR R4 Bundle (type `collection`) of Observations, after SDC observation-based
/// extraction (docs/fhir-export.md, "Observations").
package enum ObservationExport {
    /// One stored value to export: the outcome holding it, its place among the outcome's values, the Coding its
    /// survey's outcome entry declares (nil: a Regimen code of its kind), and the choices of the question it was read
    /// from (a text value naming a coded choice is that choice's concept).
    package struct Source: Sendable {
        /// The outcome holding the value.
        package var outcome: Outcome
        /// The value's index in `outcome.values`.
        package var index: Int
        /// The outcome entry's `code`, as a Coding element.
        package var coding: FHIRElement?
        /// The choices of the question the value was read from; empty when it is no choice question.
        package var choices: [TextChoice]
        /// Whether the value is one log of a logged task (docs/logged-tasks.md, "Exports"): observed when it was
        /// logged (its created date), not over its event, and derived from no single run.
        package var loggedAtValueTime = false

        /// Creates a source.
        package init(outcome: Outcome, index: Int, coding: FHIRElement? = nil, choices: [TextChoice] = []) {
            self.outcome = outcome
            self.index = index
            self.coding = coding
            self.choices = choices
        }

        /// The value.
        package var value: OutcomeValue { outcome.values[index] }
    }

    /// The code system of outcome kinds that declare no code of their own.
    package static let kindSystem = "http://regimen.local/CodeSystem/outcome-kind"
    /// HL7's observation category code system (`survey`).
    package static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"

    /// The Bundle of the Observations of `sources` (a binary value has no R4 Observation value and is left out);
    /// dates are written in `timeZone`.
    package static func bundle(_ sources: [Source], timeZone: TimeZone) -> JSONValue {
        var bundle = FHIRElement(["resourceType": .string("Bundle"), "type": .string("collection")])
        bundle["entry"] =
            sources.compactMap { source in
                observation(source, timeZone: timeZone).map { FHIRElement(["resource": $0]) }
            }.json
        return bundle.json ?? .null
    }

    /// The Observation of one value; nil for a binary value.
    package static func observation(_ source: Source, timeZone: TimeZone) -> JSONValue? {
        let outcome = source.outcome
        let value = source.value
        guard let written = observedValue(value, choices: source.choices, timeZone: timeZone) else { return nil }
        let kind = value.kind ?? "value"
        let coding = source.coding ?? FHIRElement(["system": .string(kindSystem), "code": .string(kind)])
        let category = FHIRElement([
            "coding": [
                FHIRElement([
                    "system": .string(categorySystem), "code": .string("survey"), "display": .string("Survey"),
                ])
            ].json
        ])
        var observation = FHIRElement([
            "resourceType": .string("Observation"),
            "id": .string("\(outcome.uuid.uuidString.lowercased())-\(source.index)"),
            "status": .string("final"), "category": [category].json,
            "code": FHIRElement(["coding": [coding].json, "text": .string(kind)]).json,
            "issued": .string(FHIRDateText.dateTime(value.createdDate, timeZone: timeZone)),
        ])
        written.set("value", in: &observation)
        if source.loggedAtValueTime {
            observation["effectiveDateTime"] = .string(FHIRDateText.dateTime(value.createdDate, timeZone: timeZone))
            return observation.json
        }
        if outcome.eventEnd > outcome.eventStart {
            observation["effectivePeriod"] =
                FHIRElement([
                    "start": .string(FHIRDateText.dateTime(outcome.eventStart, timeZone: timeZone)),
                    "end": .string(FHIRDateText.dateTime(outcome.eventEnd, timeZone: timeZone)),
                ]).json
        } else {
            observation["effectiveDateTime"] = .string(FHIRDateText.dateTime(outcome.eventStart, timeZone: timeZone))
        }
        if let run = outcome.taskRunUUID {
            observation["derivedFrom"] =
                [FHIRElement(["reference": .string("QuestionnaireResponse/\(run.uuidString.lowercased())")])].json
        }
        return observation.json
    }

    /// R4's Observation.value[x] of a stored value: a Quantity where it is a number with units or a double; a
    /// CodeableConcept where it is the value of a coded choice.
    private static func observedValue(_ value: OutcomeValue, choices: [TextChoice], timeZone: TimeZone)
        -> FHIRValue?
    {
        if case .text(let text) = value.value, let choice = choices.first(where: { $0.value.matches(.string(text)) }),
            let coding = choice.coding
        {
            return .codeableConcept([FHIRCoding(coding)], text: choice.text)
        }
        return switch value.value {
        case .integer(let number):
            value.units.map { .quantity(.integer(number), unit: UCUMUnit.coding(of: $0)) } ?? .integer(number)
        case .double(let number):
            .quantity(.decimal(number), unit: value.units.map(UCUMUnit.coding(of:)) ?? FHIRCoding())
        case .boolean(let flag): .boolean(flag)
        case .text(let text): text.allSatisfy(\.isWhitespace) ? nil : .string(text)
        case .date(let date): .dateTime(FHIRDateText.dateTime(date, timeZone: timeZone))
        case .binary: nil
        }
    }
}
