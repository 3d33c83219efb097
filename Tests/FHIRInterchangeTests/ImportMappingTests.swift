import Testing
import Yams

@testable import FHIRInterchange

/// The mapping of docs/fhir-import.md, item by item, on small questionnaires written here.
@Suite("Questionnaire to survey mapping")
struct ImportMappingTests {
    static let nested = """
        { "resourceType": "Questionnaire", "id": "nest", "title": "Nested", "status": "active",
          "url": "http://example.org/Questionnaire/nest", "version": "2",
          "code": [{ "system": "http://loinc.org", "code": "44249-1" }],
          "item": [
            { "linkId": "intro", "type": "display", "text": "Welcome" },
            { "linkId": "smoker", "type": "boolean", "text": "Do you smoke?", "required": true },
            { "linkId": "g", "type": "group", "text": "Details", "required": true,
              "enableWhen": [{ "question": "smoker", "operator": "=", "answerBoolean": true }],
              "item": [
                { "linkId": "mood", "type": "choice", "text": "Mood",
                  "code": [{ "system": "http://loinc.org", "code": "44250-9" }],
                  "answerOption": [
                    { "valueCoding": { "system": "http://loinc.org", "code": "LA6568-5", "display": "Not at all" },
                      "extension": [{ "url": "http://hl7.org/fhir/StructureDefinition/ordinalValue", "valueDecimal": 0 }] },
                    { "valueCoding": { "system": "http://loinc.org", "code": "LA6569-3", "display": "Several days" },
                      "extension": [{ "url": "http://hl7.org/fhir/StructureDefinition/ordinalValue", "valueDecimal": 1 }] } ] },
                { "linkId": "inner", "type": "group", "text": "More",
                  "enableWhen": [{ "question": "mood", "operator": "=",
                                   "answerCoding": { "system": "http://loinc.org", "code": "LA6569-3" } }],
                  "item": [
                    { "linkId": "note", "type": "display", "text": "A few numbers" },
                    { "linkId": "weight", "type": "decimal", "text": "Weight",
                      "extension": [
                        { "url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unit",
                          "valueCoding": { "system": "http://unitsofmeasure.org", "code": "kg", "display": "kg" } },
                        { "url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueDecimal": 20.5 },
                        { "url": "http://hl7.org/fhir/StructureDefinition/maxDecimalPlaces", "valueInteger": 1 } ] },
                    { "linkId": "cigarettes", "type": "integer", "text": "Per day",
                      "enableWhen": [{ "question": "weight", "operator": ">", "answerDecimal": 50 },
                                     { "question": "mood", "operator": "exists", "answerBoolean": true }],
                      "enableBehavior": "any" } ] } ] },
            { "linkId": "total", "type": "decimal", "readOnly": true,
              "code": [{ "system": "http://loinc.org", "code": "44261-6" }],
              "extension": [{ "url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression",
                              "valueExpression": { "language": "text/fhirpath", "expression": "%a + %b" } }] } ] }
        """

    @Test("the example imports, its total a sum, and validates")
    func strictAndValid() throws {
        let imported = try SurveyCheck.importing(Self.nested)
        // The total's expression reads variables the questionnaire does not define: it becomes a sum.
        #expect(
            imported.losses.map(\.description) == [
                "item total: calculatedExpression: %a is neither a variable defined before it nor an earlier question",
                "item total: calculatedExpression: the total is imported as a sum of the scored choices",
            ])
        #expect(imported.taskIdentifier == "nest")
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
    }

    @Test("a top-level group is a form, a nested group stays a nested group, displays are instructions and sections")
    func nesting() throws {
        let tree = try SurveyCheck.tree(try SurveyCheck.importing(Self.nested).yaml)
        let steps = try #require(tree["steps"]?.sequence)
        #expect(steps[0]["instruction"]?.string == "intro")
        #expect(steps[1]["question"]?.string == "smoker")
        #expect(steps[2]["form"]?.string == "g")
        let items = try #require(steps[2]["items"]?.sequence)
        #expect(items[0]["id"]?.string == "mood")
        #expect(items[1]["group"]?.string == "inner")
        let inner = try #require(items[1]["items"]?.sequence)
        #expect(inner[0]["section"]?.string == "A few numbers")
        #expect(inner.compactMap { $0["id"]?.string } == ["weight", "cigarettes"])
    }

    @Test("required, codes, scores, units and bounds are kept")
    func attributes() throws {
        let tree = try SurveyCheck.tree(try SurveyCheck.importing(Self.nested).yaml)
        let steps = try #require(tree["steps"]?.sequence)
        #expect(steps[1]["optional"]?.bool == false)
        #expect(steps[2]["optional"]?.bool == false)
        let mood = try #require(steps[2]["items"]?.sequence?[0])
        #expect(mood["code"]?.sequence?[0]["code"]?.string == "44250-9")
        let choices = try #require(mood["singleChoice"]?["choices"]?.sequence)
        #expect(choices.map { $0["score"]?.int } == [0, 1])
        #expect(choices[1]["coding"]?["system"]?.string == "http://loinc.org")
        #expect(choices[1]["value"]?.string == "LA6569-3")
        let weight = try #require(steps[2]["items"]?.sequence?[1]["items"]?.sequence?[1]["decimal"])
        #expect(weight["unit"]?.string == "kg")
        #expect(weight["unitCode"]?["system"]?.string == "http://unitsofmeasure.org")
        #expect(weight["min"]?.float == 20.5)
        #expect(weight["fractionDigits"]?.int == 1)
        #expect(tree["fhir"]?["url"]?.string == "http://example.org/Questionnaire/nest")
        #expect(tree["fhir"]?["version"]?.string == "2")
        #expect(tree["fhir"]?["code"]?.sequence?[0]["code"]?.string == "44249-1")
    }

    @Test("enableWhen becomes a skip rule at the top level and enabledWhen inside forms")
    func conditions() throws {
        let tree = try SurveyCheck.tree(try SurveyCheck.importing(Self.nested).yaml)
        let skip = try #require(tree["skip"]?.sequence)
        #expect(skip.count == 1)
        #expect(skip[0]["step"]?.string == "g")
        #expect(skip[0]["when"]?["not"]?["result"]?.string == "smoker")
        #expect(skip[0]["when"]?["not"]?["booleanEquals"]?.bool == true)
        let inner = try #require(tree["steps"]?.sequence?[2]["items"]?.sequence?[1])
        #expect(inner["enabledWhen"]?["result"]?.string == "g/mood")
        #expect(inner["enabledWhen"]?["choicesInclude"]?.sequence?.map(\.string) == ["LA6569-3"])
        let any = try #require(inner["items"]?.sequence?[2]["enabledWhen"]?["any"]?.sequence)
        #expect(any[0]["numberInRange"]?["min"]?.int == 50)
        #expect(any[0]["numberInRange"]?["minExclusive"]?.bool == true)
        #expect(any[1]["isAnswered"]?.bool == true, "exists true: answered (docs/navigation.md, \"Answered\")")
    }

    @Test("one outcome per answerable item, and the calculated total as a sum of the scored items")
    func outcomes() throws {
        let tree = try SurveyCheck.tree(try SurveyCheck.importing(Self.nested).yaml)
        let outcomes = try #require(tree["outcomes"]?.sequence)
        #expect(outcomes.compactMap { $0["kind"]?.string } == ["smoker", "mood", "weight", "cigarettes", "total"])
        #expect(outcomes[1]["code"]?["code"]?.string == "44250-9")
        #expect(outcomes[2]["units"]?.string == "kg")
        #expect(outcomes[2]["type"]?.string == "double")
        #expect(outcomes[4]["sum"]?.sequence?.map(\.string) == ["g/mood"])
        #expect(outcomes[4]["code"]?["code"]?.string == "44261-6")
    }

    @Test("repeats makes a multiple choice; open-choice adds an other choice; value types keep their type")
    func choices() throws {
        let json = """
            { "resourceType": "Questionnaire", "status": "draft", "item": [
              { "linkId": "a", "type": "open-choice", "repeats": true, "text": "A",
                "answerOption": [{ "valueString": "red" }, { "valueString": "blue" }] },
              { "linkId": "b", "type": "choice", "text": "B",
                "answerOption": [{ "valueInteger": 1 }, { "valueDate": "2024-01-31" }, { "valueTime": "08:30:00" }] },
              { "linkId": "c", "type": "choice", "text": "C", "answerValueSet": "#vs" } ],
              "contained": [{ "resourceType": "ValueSet", "id": "vs", "compose": { "include": [
                { "system": "http://s", "concept": [{ "code": "x" }] }, { "system": "http://t", "concept": [{ "code": "y" }] } ] } }] }
            """
        let imported = try SurveyCheck.importing(json)
        #expect(imported.losses.isEmpty)
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
        let steps = try #require(try SurveyCheck.tree(imported.yaml)["steps"]?.sequence)
        let a = try #require(steps[0]["multipleChoice"]?["choices"]?.sequence)
        #expect(a.last?["other"]?.bool == true)
        let b = try #require(steps[1]["singleChoice"]?["choices"]?.sequence)
        #expect(b[0]["value"]?.int == 1)
        #expect(b[1]["optionType"]?.string == "date")
        #expect(b[2]["optionType"]?.string == "time")
        let c = try #require(steps[2]["singleChoice"]?["choices"]?.sequence)
        #expect(c.compactMap { $0["coding"]?["system"]?.string } == ["http://s", "http://t"])
    }

    @Test("a slider is a scale; text is multiple-line free text; time is a time of day")
    func formats() throws {
        let json = """
            { "resourceType": "Questionnaire", "status": "draft", "item": [
              { "linkId": "s", "type": "integer", "text": "S", "extension": [
                { "url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
                  "valueCodeableConcept": { "coding": [{ "code": "slider" }] } },
                { "url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueInteger": 0 },
                { "url": "http://hl7.org/fhir/StructureDefinition/maxValue", "valueInteger": 10 },
                { "url": "http://hl7.org/fhir/StructureDefinition/questionnaire-sliderStepValue", "valueInteger": 2 } ] },
              { "linkId": "t", "type": "text", "text": "T", "maxLength": 200 },
              { "linkId": "h", "type": "time", "text": "H", "initial": [{ "valueTime": "07:15:00" }] } ] }
            """
        let imported = try SurveyCheck.importing(json)
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
        let steps = try #require(try SurveyCheck.tree(imported.yaml)["steps"]?.sequence)
        #expect(steps[0]["scale"]?["step"]?.int == 2)
        #expect(steps[0]["scale"]?["max"]?.int == 10)
        #expect(steps[1]["freeText"]?["multipleLines"]?.bool == true)
        #expect(steps[1]["freeText"]?["maxLength"]?.int == 200)
        #expect(steps[2]["timeOfDay"]?["default"]?.string == "07:15")
    }
}
