import CareModel
import FHIRInterchange
import Foundation
import RegimenFoundation
import Testing

@Suite("Observation export of stored outcome values")
struct ObservationExportTests {
    private let utc = TimeZone(identifier: "UTC")!
    private let start = Date(timeIntervalSince1970: 1_795_000_000)

    private func outcome(_ values: [OutcomeValue], end: TimeInterval = 3600, run: UUID? = UUID()) -> Outcome {
        Outcome(
            id: "o", taskVersionUUID: UUID(), occurrence: 0, values: values, createdDate: start, taskRunUUID: run,
            eventStart: start, eventEnd: start.addingTimeInterval(end))
    }

    @Test(
        "one Observation per value: status, survey category, kind code, value[x] by type and unit, derivedFrom the run")
    func values() throws {
        let run = UUID()
        let stored = outcome(
            [
                OutcomeValue(.double(4), kind: "checkin.form.pain", createdDate: start),
                OutcomeValue(.double(8), kind: "checkin.form.sleep", units: "h", createdDate: start),
                OutcomeValue(.integer(3), kind: "score", units: "{score}", createdDate: start),
                OutcomeValue(.integer(7), kind: "count", createdDate: start),
                OutcomeValue(.boolean(true), kind: "walked", createdDate: start),
                OutcomeValue(.text("okay"), kind: "feeling", createdDate: start),
                OutcomeValue(.double(12.5), kind: "odd", units: "furlongs", createdDate: start),
                OutcomeValue(.binary(Data([1, 2])), kind: "blob", createdDate: start),
            ], run: run)
        let bundle = ObservationExport.bundle(
            stored.values.indices.map { ObservationExport.Source(outcome: stored, index: $0) }, timeZone: utc)
        #expect(FHIRShape.emptiness(bundle).isEmpty)
        #expect(FHIRShape.object(bundle)["type"] == .string("collection"))
        let observations = FHIRShape.array(FHIRShape.object(bundle)["entry"]).map {
            FHIRShape.object(FHIRShape.object($0)["resource"])
        }
        #expect(observations.count == 7, "the binary value is left out")
        for observation in observations {
            #expect(observation["status"] == .string("final"))
            #expect(FHIRShape.choiceNames(observation, prefix: "value").count == 1)
            #expect(FHIRShape.choiceNames(observation, prefix: "effective") == ["effectivePeriod"])
            let derived = FHIRShape.array(observation["derivedFrom"]).map {
                FHIRShape.string(FHIRShape.object($0)["reference"])
            }
            #expect(derived == ["QuestionnaireResponse/\(run.uuidString.lowercased())"])
            #expect(FHIRShape.isReference(derived.first ?? nil, to: "QuestionnaireResponse"))
            let category = FHIRShape.object(
                FHIRShape.array(FHIRShape.object(FHIRShape.array(observation["category"]).first)["coding"]).first)
            #expect(category["code"] == .string("survey"))
        }
        #expect(observations[0]["valueQuantity"] == .object(["value": .double(4)]))
        #expect(
            observations[1]["valueQuantity"]
                == .object([
                    "value": .double(8), "unit": .string("h"), "system": .string("http://unitsofmeasure.org"),
                    "code": .string("h"),
                ]))
        #expect(FHIRShape.object(observations[2]["valueQuantity"])["code"] == .string("{score}"))
        #expect(observations[3]["valueInteger"] == .integer(7))
        #expect(observations[4]["valueBoolean"] == .bool(true))
        #expect(observations[5]["valueString"] == .string("okay"))
        #expect(observations[6]["valueQuantity"] == .object(["value": .double(12.5), "unit": .string("furlongs")]))
        let code = FHIRShape.object(observations[0]["code"])
        #expect(
            FHIRShape.array(code["coding"]) == [
                .object([
                    "system": .string("http://regimen.local/CodeSystem/outcome-kind"),
                    "code": .string("checkin.form.pain"),
                ])
            ])
    }

    @Test(
        "an event without an end gives effectiveDateTime; an outcome from no run has no derivedFrom; a declared code wins"
    )
    func pointEvent() throws {
        let stored = outcome([OutcomeValue(.integer(2), kind: "phq9.total", createdDate: start)], end: 0, run: nil)
        let loinc = FHIRElement(["system": .string("http://loinc.org"), "code": .string("44261-6")])
        let observation = try #require(
            ObservationExport.observation(.init(outcome: stored, index: 0, coding: loinc), timeZone: utc))
        let object = FHIRShape.object(observation)
        #expect(object["effectiveDateTime"] == .string("2026-11-18T11:06:40Z"))
        #expect(object["effectivePeriod"] == nil)
        #expect(object["derivedFrom"] == nil)
        #expect(FHIRShape.array(FHIRShape.object(object["code"])["coding"]) == [loinc.json!])
    }

    @Test("no values: a Bundle without entries, never an empty array")
    func empty() {
        #expect(
            ObservationExport.bundle([], timeZone: utc)
                == .object(["resourceType": .string("Bundle"), "type": .string("collection")]))
    }
}
