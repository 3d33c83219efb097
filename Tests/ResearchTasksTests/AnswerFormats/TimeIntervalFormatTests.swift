import Testing

@testable import ResearchTasks

@Suite("Time interval format (docs/answer-formats.md, \"Formats and their checks\")")
struct TimeIntervalFormatTests {
    let format = AnswerFormat.timeInterval(TimeIntervalFormat())
    let quarters = AnswerFormat.timeInterval(TimeIntervalFormat(step: 15))

    @Test(
        "testTimeIntervalAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): step −1 and 31 are problems with ResearchKit's message, 1 and 30 are fine"
    )
    func validation() {
        let expected = [FormatProblem(path: "step", reason: "Step should be between 1 and 30.")]
        #expect(AnswerFormat.timeInterval(TimeIntervalFormat(step: -1)).validationProblems() == expected)
        #expect(AnswerFormat.timeInterval(TimeIntervalFormat(step: 0)).validationProblems() == expected)
        #expect(AnswerFormat.timeInterval(TimeIntervalFormat(step: 31)).validationProblems() == expected)
        #expect(AnswerFormat.timeInterval(TimeIntervalFormat(step: 1)).validationProblems().isEmpty)
        #expect(AnswerFormat.timeInterval(TimeIntervalFormat(step: 30)).validationProblems().isEmpty)
    }

    @Test("Durations in the accepted shapes give seconds; a bare number means minutes")
    func shapes() {
        #expect(format.answer("1h 30m") == .timeInterval(5400))
        #expect(format.answer("1h30m") == .timeInterval(5400))
        #expect(format.answer("1 hour 30 minutes") == .timeInterval(5400))
        #expect(format.answer("90m") == .timeInterval(5400))
        #expect(format.answer("90 min") == .timeInterval(5400))
        #expect(format.answer("1:30") == .timeInterval(5400))
        #expect(format.answer("2h") == .timeInterval(7200))
        #expect(format.answer("1.5h") == .timeInterval(5400))
        #expect(format.answer("45") == .timeInterval(2700))
        #expect(format.answer("0m") == .timeInterval(0))
        #expect(format.answer("2 H") == .timeInterval(7200))
    }

    @Test("Malformed durations are refused")
    func refusals() {
        let accepted = "a duration such as 1h 30m"
        #expect(format.message("soon") == "soon is not a duration: enter \(accepted)")
        #expect(format.message("30m 1h") == "30m 1h is not a duration: enter \(accepted)")
        #expect(format.message("1h 2h") != nil)
        #expect(format.message("1:75") != nil)
        #expect(format.message("-5") != nil)
        #expect(format.message("10 30") != nil)
        #expect(format.message("1.25m") == "1.25m is not a whole number of minutes: enter \(accepted)")
        #expect(format.message("99999999999h") == "99999999999h is too long: enter \(accepted)")
        #expect(format.message("") == "an answer is needed: enter \(accepted)")
    }

    @Test("The duration must be a multiple of the step")
    func step() {
        #expect(quarters.answer("1h 15m") == .timeInterval(4500))
        #expect(quarters.accepted == "a duration such as 1h 30m, in steps of 15 minutes")
        #expect(
            quarters.message("20m")
                == "20m is not a multiple of 15 minutes: enter a duration such as 1h 30m, in steps of 15 minutes")
    }

    @Test("Default in seconds as given; display as 1 h 30 min")
    func defaultsAndDisplay() {
        #expect(
            AnswerFormat.timeInterval(TimeIntervalFormat(defaultInterval: 1800)).defaultAnswer == .timeInterval(1800))
        #expect(format.defaultAnswer == nil)
        #expect(format.shown(.timeInterval(5400)) == "1 h 30 min")
        #expect(format.shown(.timeInterval(7200)) == "2 h")
        #expect(format.shown(.timeInterval(2700)) == "45 min")
        #expect(format.shown(.timeInterval(0)) == "0 min")
        #expect(format.shown(.timeInterval(90)) == "1 min 30 s")
    }
}
