import Testing

@testable import ResearchTasks

@Suite("Answer")
struct AnswerTests {
    @Test("A whole number keeps its integer-ness as a Double")
    func numberValueDouble() {
        #expect(NumberValue.integer(4).doubleValue == 4.0)
        #expect(NumberValue.decimal(4.5).doubleValue == 4.5)
    }
}
