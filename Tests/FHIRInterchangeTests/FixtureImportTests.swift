import Foundation
import Testing
import Yams

@testable import FHIRInterchange

/// Every shared questionnaire imports — strictly when nothing is lost, else with exactly the losses listed here — and
/// the survey it gives passes `regimen validate`. What is listed cannot be converted: items a terminal cannot answer
/// (attachment, reference), ValueSets not given, FHIRPath expressions, partial dates as options, one unit of several,
/// and the fixtures' own type errors.
@Suite("Importing the shared FHIR questionnaires")
struct FixtureImportTests {
    /// The losses of each fixture, as reported after "FILE: ".
    static let expectedLosses: [String: [String]] = [
        "androidfhir-baby": [],
        "lforms-bit-of-everything": [
            "item Item-reference: reference items cannot be answered in a terminal; left out",
            "item Item-attachment: attachment items cannot be answered in a terminal; left out",
            "item Item-quantity: questionnaire-unitOption: only the first of 2 units is offered",
            "item Item-rb: answerValueSet http://fhir.telstrahealth.com.au/tcm/ValueSet/ARE cannot be resolved (give it with --value-set)",
            "item Item-rb: no answer option can be offered; left out",
            "item Item10: answerValueSet http://fhir.telstrahealth.com.au/tcm/ValueSet/ARE cannot be resolved (give it with --value-set)",
            "item Item10: no answer option can be offered; left out",
            "item Item11: answerValueSet http://fhir.telstrahealth.com.au/tcm/ValueSet/COU cannot be resolved (give it with --value-set)",
            "item Item11: no answer option can be offered; left out",
            "item Item12: answerValueSet http://fhir.telstrahealth.com.au/tcm/ValueSet/COU cannot be resolved (give it with --value-set)",
            "item Item12: no answer option can be offered; left out",
        ],
        "lforms-enableWhen-test.R4": [
            "item Q8: item[7].item[0].repeats: must be true or false, found a string \"true\"; ignored",
            "item Q9c-eq-B: item[11].item[3].enableWhen[0].answerInteger: must be an integer, found a string \"2022-09\"; ignored",
            "item Q9c-noteq-B: item[11].item[4].enableWhen[0].answerInteger: must be an integer, found a string \"2022-09\"; ignored",
            "item Q9d-eq-B: item[12].item[3].enableWhen[0].answerInteger: must be an integer, found a string \"13:30:00\"; ignored",
            "item Q9d-noteq-B: item[12].item[4].enableWhen[0].answerInteger: must be an integer, found a string \"13:30:00\"; ignored",
            "item Q9c: the partial date option 2022 is offered as text",
            "item Q9c: the partial date option 2022-09 is offered as text",
        ],
        // The total's variables read the Questionnaire (%questionnaire): the total is imported as a sum.
        "lforms-phq9": [
            "item /44261-6: variable q1_value: %questionnaire is not supported (docs/expressions.md); left out",
            "item /44261-6: variable q2_value: %questionnaire is not supported (docs/expressions.md); left out",
            "item /44261-6: variable q3_value: %questionnaire is not supported (docs/expressions.md); left out",
            "item /44261-6: variable q4_value: %questionnaire is not supported (docs/expressions.md); left out",
            "item /44261-6: variable q5_value: %questionnaire is not supported (docs/expressions.md); left out",
            "item /44261-6: variable q6_value: %questionnaire is not supported (docs/expressions.md); left out",
            "item /44261-6: variable q7_value: %questionnaire is not supported (docs/expressions.md); left out",
            "item /44261-6: variable q8_value: %questionnaire is not supported (docs/expressions.md); left out",
            "item /44261-6: variable q9_value: %questionnaire is not supported (docs/expressions.md); left out",
            "item /44261-6: variable any_questions_answered: it reads %q1_value, which was left out; left out",
            "item /44261-6: calculatedExpression: it reads %any_questions_answered, which was left out",
            "item /44261-6: calculatedExpression: the total is imported as a sum of the scored choices",
        ],
        "lforms-q-with-answerValueSet-radiobutton-checkbox": [],
        "lforms-q-with-nested-enableWhen": [],
        "lforms-questionnaire-with-entryFormat": [],
        "lforms-tab-layout-with-enableWhen": [],
        "lforms-test-enablewhen": [],
        "lforms-weightHeightQuestionnaire": [],
        "rkof-DateTimeExample": [],
        "rkof-FormExample": [],
        "rkof-GAD-7": [],
        "rkof-MultipleEnableWhen": [],
        "rkof-NumberExample": [],
        "rkof-SliderExample": [],
    ]

    @Test(
        "each fixture imports with exactly its listed losses and validates",
        .enabled(if: FHIRFixtures.available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func everyFixture() throws {
        let fixtures = FHIRFixtures.questionnaires
        #expect(Set(fixtures.keys) == Set(Self.expectedLosses.keys))
        let valueSet = try ValueSetOptions.read(Array(try Data(contentsOf: FHIRFixtures.pairValueSet.file)))
        let importer = QuestionnaireImporter(valueSets: [FHIRFixtures.pairValueSet.canonical: valueSet.options])
        for (name, url) in fixtures.sorted(by: { $0.key < $1.key }) {
            let imported = try importer.importQuestionnaire(Array(try Data(contentsOf: url)), fallbackIdentifier: name)
            #expect(imported.losses.map(\.description) == Self.expectedLosses[name], "\(name)")
            #expect(try SurveyCheck.validationProblems(imported.yaml) == [], "\(name)")
        }
    }

    @Test(
        "linkIds the survey format allows are kept as ids",
        .enabled(if: FHIRFixtures.available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func linkIdsKept() throws {
        let url = try #require(FHIRFixtures.questionnaires["rkof-FormExample"])
        let imported = try QuestionnaireImporter().importQuestionnaire(
            Array(try Data(contentsOf: url)), fallbackIdentifier: "x")
        for linkId in [
            "c74bc859-bae9-43c0-890c-f5ecdf1939bb", "b5098d46-9e1b-45e2-9082-22ed3a9b821c",
            "5ad9456c-1451-4190-fff5-3fd71545a591",
        ] {
            #expect(imported.yaml.contains(linkId))
        }
    }

    @Test(
        "the PHQ-9 total becomes a sum of the nine scored items with its LOINC code and unit",
        .enabled(if: FHIRFixtures.available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func phq9Total() throws {
        let url = try #require(FHIRFixtures.questionnaires["lforms-phq9"])
        let imported = try QuestionnaireImporter().importQuestionnaire(
            Array(try Data(contentsOf: url)), fallbackIdentifier: "x")
        let outcomes = try #require(try SurveyCheck.tree(imported.yaml)["outcomes"]?.sequence)
        let total = try #require(outcomes.first { $0["kind"]?.string == "44261-6" })
        #expect(total["sum"]?.sequence?.count == 9)
        #expect(total["sum"]?.sequence?.contains { $0.string == "69722-7" } == false)
        #expect(total["type"]?.string == "integer")
        #expect(total["units"]?.string == "{score}")
        #expect(total["code"]?["code"]?.string == "44261-6")
    }
}
