import Foundation
import Testing

@testable import FHIRInterchange

/// Every shared questionnaire imports — strictly when nothing is lost, else with exactly the losses listed here — and
/// the survey it gives passes `regimen validate`.
@Suite("Importing the shared FHIR questionnaires")
struct FixtureImportTests {
    /// The losses of each fixture, as reported after "FILE: ".
    static let expectedLosses: [String: [String]] = [
        "androidfhir-baby": [
            "item /57700-7: the linkId is written \"57700-7\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /58232-0: the linkId is written \"58232-0\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /54106-0: the linkId is written \"54106-0\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /73741-1: the linkId is written \"73741-1\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /73741-1: a group's code is not kept (only questions carry codes)",
            "item /73741-1/54108-6: the linkId is written \"73741-1.54108-6\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /73741-1/73740-3: the linkId is written \"73741-1.73740-3\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /73741-1/73739-5: the linkId is written \"73741-1.73739-5\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /73744-5: the linkId is written \"73744-5\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /73744-5: a group's code is not kept (only questions carry codes)",
            "item /73744-5/54109-4: the linkId is written \"73744-5.54109-4\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /73744-5/73743-7: the linkId is written \"73744-5.73743-7\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /73744-5/73742-9: the linkId is written \"73744-5.73742-9\" (a survey id holds no \"/\" or white space, and is unique)",
        ],
        "lforms-bit-of-everything": [
            "item Item-url: url: answered as free text",
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
            "item Q7-gt: enableWhen on Q7 >: text answers are not ordered; the item is always asked",
            "item Q7-ge: enableWhen on Q7 >=: text answers are not ordered; the item is always asked",
            "item Q7-ge2: enableWhen on Q7 >=: text answers are not ordered; the item is always asked",
            "item Q7-lt: enableWhen on Q7 >: text answers are not ordered; the item is always asked",
            "item Q7-le: enableWhen on Q7 <: text answers are not ordered; the item is always asked",
            "item Q7-le2: enableWhen on Q7 <=: text answers are not ordered; the item is always asked",
            "item Q9c: the partial date option 2022 is offered as text",
            "item Q9c: the partial date option 2022-09 is offered as text",
            "item Q10-ewe: enableWhenExpression is a FHIRPath expression, which is not evaluated",
        ],
        "lforms-phq9": [
            "item /44250-9: the linkId is written \"44250-9\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /44255-8: the linkId is written \"44255-8\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /44259-0: the linkId is written \"44259-0\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /44254-1: the linkId is written \"44254-1\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /44251-7: the linkId is written \"44251-7\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /44258-2: the linkId is written \"44258-2\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /44252-5: the linkId is written \"44252-5\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /44253-3: the linkId is written \"44253-3\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /44260-8: the linkId is written \"44260-8\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /69722-7: the linkId is written \"69722-7\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /44261-6: the linkId is written \"44261-6\" (a survey id holds no \"/\" or white space, and is unique)",
        ],
        "lforms-q-with-answerValueSet-radiobutton-checkbox": [
        ],
        "lforms-q-with-nested-enableWhen": [
        ],
        "lforms-questionnaire-with-entryFormat": [
            "item /type-boolean: the linkId is written \"type-boolean\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-integer: the linkId is written \"type-integer\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-decimal: the linkId is written \"type-decimal\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-string: the linkId is written \"type-string\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-date: the linkId is written \"type-date\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-dateTime: the linkId is written \"type-dateTime\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-time: the linkId is written \"type-time\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-choice: the linkId is written \"type-choice\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-open-choice: the linkId is written \"type-open-choice\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-choice-m: the linkId is written \"type-choice-m\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /type-open-choice-m: the linkId is written \"type-open-choice-m\" (a survey id holds no \"/\" or white space, and is unique)",
        ],
        "lforms-tab-layout-with-enableWhen": [
        ],
        "lforms-test-enablewhen": [
        ],
        "lforms-weightHeightQuestionnaire": [
            "item /29463-7: the linkId is written \"29463-7\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /8352-7: the linkId is written \"8352-7\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /8302-2: the linkId is written \"8302-2\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /8361-8: the linkId is written \"8361-8\" (a survey id holds no \"/\" or white space, and is unique)",
            "item /39156-5: calculatedExpression is FHIRPath, which is not evaluated; the item is left out",
        ],
        "rkof-DateTimeExample": [
        ],
        "rkof-FormExample": [
        ],
        "rkof-GAD-7": [
        ],
        "rkof-MultipleEnableWhen": [
        ],
        "rkof-NumberExample": [
        ],
        "rkof-SliderExample": [
            "questionnaire: the id \"Stanford University-slider-example\" is written \"Stanford-University-slider-example\" (a task id holds no \"/\" or white space)",
        ],
    ]

    @Test("each fixture imports with exactly its listed losses and validates",
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

    @Test("linkIds the survey format allows are kept as ids",
          .enabled(if: FHIRFixtures.available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func linkIdsKept() throws {
        let url = try #require(FHIRFixtures.questionnaires["rkof-FormExample"])
        let imported = try QuestionnaireImporter().importQuestionnaire(Array(try Data(contentsOf: url)), fallbackIdentifier: "x")
        for linkId in ["c74bc859-bae9-43c0-890c-f5ecdf1939bb", "b5098d46-9e1b-45e2-9082-22ed3a9b821c", "5ad9456c-1451-4190-fff5-3fd71545a591"] {
            #expect(imported.yaml.contains(linkId))
        }
    }

    @Test("the PHQ-9 total becomes a sum of the nine scored items with its LOINC code and unit",
          .enabled(if: FHIRFixtures.available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func phq9Total() throws {
        let url = try #require(FHIRFixtures.questionnaires["lforms-phq9"])
        let imported = try QuestionnaireImporter().importQuestionnaire(Array(try Data(contentsOf: url)), fallbackIdentifier: "x")
        let outcomes = try #require(try SurveyCheck.tree(imported.yaml)["outcomes"]?.sequence)
        let total = try #require(outcomes.first { $0["kind"]?.string == "44261-6" })
        #expect(total["sum"]?.sequence?.count == 9)
        #expect(total["sum"]?.sequence?.contains { $0.string == "69722-7" } == false)
        #expect(total["type"]?.string == "integer")
        #expect(total["units"]?.string == "{score}")
        #expect(total["code"]?["code"]?.string == "44261-6")
    }
}
