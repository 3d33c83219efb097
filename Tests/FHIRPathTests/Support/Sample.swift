import FHIRPath
import Foundation
import RegimenFoundation

/// The QuestionnaireResponse the tests evaluate over, the same JSON fhirpathpy is given: a PHQ-9-like pair of scored
/// choices, a weight and a height, a date, a time, a quantity and free text.
enum Sample {
    static let ordinalValue = "http://hl7.org/fhir/StructureDefinition/ordinalValue"

    static let json = """
        {
          "resourceType": "QuestionnaireResponse",
          "status": "in-progress",
          "authored": "2024-03-05T10:15:00+01:00",
          "item": [
            {"linkId": "phq.1", "text": "Little interest", "answer": [{"valueCoding": {"system": "http://loinc.org",
              "code": "LA6569-3", "display": "Several days",
              "extension": [{"url": "\(ordinalValue)", "valueDecimal": 1}]}}]},
            {"linkId": "phq.2", "text": "Feeling down", "answer": [{"valueCoding": {"system": "http://loinc.org",
              "code": "LA6570-1", "display": "More than half the days",
              "extension": [{"url": "\(ordinalValue)", "valueDecimal": 2}]}}]},
            {"linkId": "weight", "answer": [{"valueDecimal": 72.5}]},
            {"linkId": "height", "answer": [{"valueDecimal": 1.8}]},
            {"linkId": "steps", "answer": [{"valueInteger": 4}, {"valueInteger": 7}, {"valueInteger": 10}]},
            {"linkId": "onset", "answer": [{"valueDate": "2024-01-31"}]},
            {"linkId": "bedtime", "answer": [{"valueTime": "22:30:00"}]},
            {"linkId": "dose", "answer": [{"valueQuantity": {"value": 2.5, "unit": "mg",
              "system": "http://unitsofmeasure.org", "code": "mg"}}]},
            {"linkId": "note", "answer": [{"valueString": "Slept  Badly"}]},
            {"linkId": "smoker", "answer": [{"valueBoolean": false}]},
            {"linkId": "group", "item": [{"linkId": "group.inner", "answer": [{"valueInteger": 3}]}]}
          ]
        }
        """

    static let resource: FHIRPathResource = {
        do {
            return try FHIRPathResource(json: Data(json.utf8))
        } catch {
            fatalError("the sample resource is not JSON: \(error)")
        }
    }()

    /// 2024-03-05T12:00:00Z, in Europe/Berlin (UTC+1).
    static let clock = FHIRPathClock(
        now: Date(timeIntervalSince1970: 1_709_640_000), timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// The value of `text` on the sample.
    static func evaluate(
        _ text: String, variables: [String: [FHIRPathValue]] = [:]
    ) throws -> [FHIRPathValue] {
        try FHIRPathExpression(parsing: text).evaluate(on: resource, variables: variables, clock: clock)
    }

    /// A decimal written as text.
    static func decimal(_ text: String) -> FHIRPathValue {
        .decimal(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!)
    }
}
