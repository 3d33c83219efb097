import Testing

@testable import StudyCommands

/// Analysis export variable names (docs/analysis-exports.md, "Variable names"): valid in SPSS, Stata, SAS transport
/// version 8 and R, unique ignoring case, the same for the same columns in the same order.
struct AnalysisVariableNamesTests {
    @Test("columns become lower-case names of letters, digits and _, starting with a letter, at most 32 characters")
    func validNames() {
        var names = AnalysisVariableNames()
        #expect(names.name(for: "checkin.pain") == "checkin_pain")
        #expect(names.name(for: "Pain \"now\"?") == "pain_now")
        #expect(names.name(for: "2nd") == "v_2nd")
        #expect(names.name(for: "Русский") == "v")
        #expect(names.name(for: "___") == "v_2")
        let long = names.name(for: String(repeating: "abcdefghij", count: 10))
        #expect(long.count == 32 && long.hasPrefix("abcdefghij"))
    }

    @Test("reserved words of SPSS, Stata, SAS and R get a v_ prefix, Stata's str# types too")
    func reservedWords() {
        var names = AnalysisVariableNames()
        #expect(names.name(for: "if") == "v_if")
        #expect(names.name(for: "TO") == "v_to")
        #expect(names.name(for: "_N_") == "n", "leading underscores are dropped: no automatic variable can occur")
        #expect(names.name(for: "IN") == "v_in")
        #expect(names.name(for: "NA") == "v_na")
        #expect(names.name(for: "str80") == "v_str80")
        #expect(names.name(for: "strL") == "v_strl")
    }

    @Test("names that collide after shortening or ignoring case get _2, _3 within the length limit")
    func collisions() {
        var names = AnalysisVariableNames()
        let prefix = String(repeating: "q", count: 40)
        let first = names.name(for: prefix + "_one", reserving: 3)
        let second = names.name(for: prefix + "_two", reserving: 3)
        let third = names.name(for: prefix + "_three", reserving: 3)
        #expect(first == String(repeating: "q", count: 29))
        #expect(second == String(repeating: "q", count: 27) + "_2")
        #expect(third == String(repeating: "q", count: 27) + "_3")
        #expect(names.name(for: "Pain-Now") == "pain_now")
        #expect(names.name(for: "pain_now") == "pain_now_2")
        #expect(names.name(for: "PAIN.NOW") == "pain_now_3")
    }

    @Test("the same columns in the same order get the same names in every export")
    func stable() {
        let columns = ["checkin.pain", "sleep", "Pain-Now", "pain_now", String(repeating: "x", count: 50)]
        var first = AnalysisVariableNames()
        var second = AnalysisVariableNames()
        #expect(columns.map { first.name(for: $0) } == columns.map { second.name(for: $0) })
    }
}
