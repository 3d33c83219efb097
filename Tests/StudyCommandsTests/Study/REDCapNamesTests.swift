import Testing

@testable import StudyCommands
@testable import StudyDatabase

/// REDCap names and labels made from hostile ones (docs/redcap.md, "Names" and "The dictionary"): non-Latin scripts,
/// punctuation, names REDCap keeps for itself, and names that collide after shortening.
struct REDCapNamesTests {
    @Test func namesAreCleanedShortenedAndMadeUnique() {
        var names = REDCapNames(reserved: ["record_id"])
        #expect(names.make(from: "checkin.form.pain") == "checkin_form_pain")
        #expect(names.make(from: "Боль") == "v")
        #expect(names.make(from: "痛み") == "v_2")
        #expect(names.make(from: "2nd.visit") == "v_2nd_visit")
        #expect(names.make(from: "record_id") == "v_record_id")
        #expect(names.make(from: "diary_complete") == "diary_complete_v")
        #expect(names.make(from: "redcap_event_name") == "v_redcap_event_name")
        // 40 characters that differ only after the 26th: each one unique, none longer than 26.
        let long = (1...3).map { names.make(from: String(repeating: "a", count: 30) + "\($0)") }
        #expect(long == ["aaaaaaaaaaaaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaaaaaaaaaa_2", "aaaaaaaaaaaaaaaaaaaaaaaa_3"])
    }

    @Test func choicesKeepREDCapCodesOrAreNumberedAndLoseWhatTheColumnCannotHold() {
        let worse = DictionaryRow(
            variable: "worse", task: "diary",
            definition: PublishedVariable(
                kind: "worse", type: "text", label: "Worse, \"why\"?\nТекст",
                choices: [
                    .init(value: "walking", text: "Walking | stairs"), .init(value: "Other thing", text: "Др\nугое"),
                ]),
            revisionAdded: 1)
        let symptoms = DictionaryRow(
            variable: "symptoms", task: "diary",
            definition: PublishedVariable(
                kind: "symptoms", type: "text", choices: [.init(value: "cough", text: "Cough")], multipleChoice: true,
                shownWhen: .compare(kind: "worse", .notEqual, .choice("Other thing"))),
            revisionAdded: 1)
        let project = REDCapProject(dictionary: [worse, symptoms], deidentified: false)
        let fields = project.fields
        let worseField = fields.first { $0.name == "worse" }
        #expect(worseField?.choices == "1, Walking / stairs | 2, Др угое")
        #expect(worseField?.label == "Worse, \"why\"?\nТекст")
        #expect(fields.first { $0.name == "symptoms" }?.branchingLogic == "[worse] <> '2'")
        #expect(project.importColumns.contains("symptoms___cough"))
        #expect(fields.first?.name == "record_id" && fields.allSatisfy { $0.cells.count == REDCapField.columns.count })
    }
}
