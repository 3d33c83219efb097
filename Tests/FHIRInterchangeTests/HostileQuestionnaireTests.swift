import Testing

@testable import FHIRInterchange

/// Files that are not good Questionnaires give a clear message or a listed loss, never a crash.
@Suite("Hostile questionnaires")
struct HostileQuestionnaireTests {
    /// The lines `regimen survey import` would print for `json` in file `q.json`.
    static func failure(_ json: String) -> [String]? {
        do {
            _ = try SurveyCheck.importing(json)
            return nil
        } catch let error as FHIRImportError {
            return error.lines(file: "q.json")
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test("not JSON, an array, another resource, no items: file, place and problem")
    func malformed() {
        #expect(
            Self.failure("{ \"resourceType\": ")?.first?.hasPrefix("q.json: not JSON: unexpected end of text") == true)
        #expect(
            Self.failure("[1, 2]") == ["q.json: the document: must be a JSON object (a FHIR resource), found an array"])
        #expect(
            Self.failure(#"{ "resourceType": "Patient" }"#) == [
                "q.json: resourceType: is \"Patient\", not a Questionnaire"
            ])
        #expect(
            Self.failure(#"{ "item": [] }"#) == [
                "q.json: resourceType: missing; a Questionnaire has \"resourceType\": \"Questionnaire\""
            ])
        #expect(
            Self.failure(#"{ "resourceType": "Questionnaire", "status": "draft" }"#) == [
                "q.json: item: the questionnaire has no items"
            ])
        #expect(
            Self.failure(#"{ "resourceType": "Questionnaire", "item": [{ "type": "string" }] }"#)
                == ["q.json: item[0].linkId: every item needs a linkId (a non-empty string)"])
        #expect(
            Self.failure(#"{ "resourceType": "Questionnaire", "item": [{ "linkId": "a", "type": 3 }] }"#)
                == ["q.json: item[0].type: item a needs a type (a string)"])
    }

    @Test("a number given as a string is a loss naming its place; the rest imports")
    func numberAsString() throws {
        let imported = try SurveyCheck.importing(
            """
            { "resourceType": "Questionnaire", "item": [{ "linkId": "a", "type": "string", "maxLength": "10" }] }
            """)
        #expect(
            imported.losses.map(\.description) == [
                "item a: item[0].maxLength: must be an integer, found a string \"10\"; ignored"
            ])
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
    }

    @Test(
        "an id with a space is written with a dash and kept as fhir.id; a linkId with one is kept as linkId:; neither is a loss"
    )
    func idWithSpace() throws {
        let imported = try SurveyCheck.importing(
            """
            { "resourceType": "Questionnaire", "id": "my form", "item": [{ "linkId": "q 1", "type": "boolean" }] }
            """)
        #expect(imported.taskIdentifier == "my-form")
        #expect(imported.losses.isEmpty)
        #expect(imported.yaml.contains("fhir:\n  id: my form\n"))
        #expect(imported.yaml.contains("question: q-1\n  linkId: q 1\n"))
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
    }

    @Test("unknown elements are ignored; a modifierExtension leaves its item out, named")
    func unknownAndModifier() throws {
        let imported = try SurveyCheck.importing(
            """
            { "resourceType": "Questionnaire", "whatever": { "deep": [1, null] }, "item": [
              { "linkId": "a", "type": "boolean", "answerConstraint": "optionsOnly", "_text": { "extension": [] } },
              { "linkId": "b", "type": "string", "modifierExtension": [{ "url": "http://x/y", "valueBoolean": true }] } ] }
            """)
        #expect(
            imported.losses.map(\.description) == [
                "item b: modifierExtension http://x/y is not understood; the item and its children are left out"
            ])
        #expect(!imported.yaml.contains("question: b"))
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
    }

    @Test("a 64-deep nesting of groups is refused with the item's place, without a crash")
    func deepNesting() {
        var json = #"{ "linkId": "leaf", "type": "string" }"#
        for level in (0..<64).reversed() {
            json = #"{ "linkId": "g\#(level)", "type": "group", "item": [\#(json)] }"#
        }
        let lines = Self.failure(#"{ "resourceType": "Questionnaire", "item": [\#(json)] }"#)
        #expect(lines?.count == 1)
        #expect(lines?.first?.contains("is nested deeper than \(Questionnaire.maximumItemDepth) levels") == true)
    }

    @Test("the deepest nesting accepted still validates")
    func deepestAccepted() throws {
        var json = #"{ "linkId": "leaf", "type": "string" }"#
        for level in (0..<(Questionnaire.maximumItemDepth - 1)).reversed() {
            json = #"{ "linkId": "g\#(level)", "type": "group", "item": [\#(json)] }"#
        }
        let imported = try SurveyCheck.importing(#"{ "resourceType": "Questionnaire", "item": [\#(json)] }"#)
        #expect(imported.losses.isEmpty)
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
    }

    @Test("two items with one linkId, or nothing that can be asked, refuse the file")
    func unusable() {
        #expect(
            Self.failure(
                #"{ "resourceType": "Questionnaire", "item": [{ "linkId": "a", "type": "boolean" }, { "linkId": "a", "type": "string" }] }"#
            )
                == ["q.json: item: two items have the linkId \"a\""])
        #expect(
            Self.failure(#"{ "resourceType": "Questionnaire", "item": [{ "linkId": "a", "type": "attachment" }] }"#)
                == [
                    "q.json: item: no item can be asked (item a: attachment items cannot be answered in a terminal; left out)"
                ])
    }

    @Test(
        "what the survey format would refuse is a loss, never an invalid survey: a status, a code without code, a long slider"
    )
    func refusedValues() throws {
        let imported = try SurveyCheck.importing(
            """
            { "resourceType": "Questionnaire", "status": "final", "code": [{ "display": "panel" }], "item": [
              { "linkId": "s", "type": "integer", "code": [{ "system": "http://loinc.org" }], "extension": [
                { "url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
                  "valueCodeableConcept": { "coding": [{ "code": "slider" }] } },
                { "url": "http://hl7.org/fhir/StructureDefinition/maxValue", "valueInteger": 100 } ] } ] }
            """)
        #expect(
            imported.losses.map(\.description) == [
                "item s: the slider is not a scale of 2 to 14 positions within ±10000; asked as a number",
                "item s: a code without its code element is left out",
                "questionnaire: the status \"final\" is not a FHIR publication status; left out",
                "questionnaire: a code without its code element is left out",
            ])
        #expect(imported.yaml.contains("integer: {max: 100}"))
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
    }

    @Test("losses are listed with the file and a closing line saying nothing was written")
    func lossLines() {
        let error = FHIRImportError.lossy([
            FHIRImportLoss(.item("a"), "attachment items cannot be answered in a terminal; left out")
        ])
        #expect(
            error.lines(file: "q.json") == [
                "q.json: item a: attachment items cannot be answered in a terminal; left out",
                "q.json: 1 part cannot be converted; nothing was written (--lenient converts the rest)",
            ])
    }
}
