import Testing

@testable import ResearchTasks

@Suite("DecimalText, the exact decimal behind number parsing and rounding")
struct AnswerFormatDecimalTextTests {
    @Test("Reads signs, leading points and trailing zeros; refuses exponents, separators and words")
    func reading() {
        #expect(DecimalText(typed: "-0.50")?.plainText == "-0.5")
        #expect(DecimalText(typed: ".5")?.plainText == "0.5")
        #expect(DecimalText(typed: "5.")?.plainText == "5")
        #expect(DecimalText(typed: "+007")?.plainText == "7")
        #expect(DecimalText(typed: "-0")?.plainText == "0")
        for bad in ["", "-", ".", "1e3", "1,000", "1.2.3", "nan", "١٢"] {
            #expect(DecimalText(typed: bad) == nil, "\(bad)")
        }
    }

    @Test("Rounds half to even like NSNumberFormatter, carrying across digits")
    func rounding() {
        #expect(DecimalText(typed: "0.125")?.rounded(toFractionDigits: 2).plainText == "0.12")
        #expect(DecimalText(typed: "0.375")?.rounded(toFractionDigits: 2).plainText == "0.38")
        #expect(DecimalText(typed: "2.5")?.rounded(toFractionDigits: 0).plainText == "2")
        #expect(DecimalText(typed: "3.5")?.rounded(toFractionDigits: 0).plainText == "4")
        #expect(DecimalText(typed: "-3.5")?.rounded(toFractionDigits: 0).plainText == "-4")
        #expect(DecimalText(typed: "9.995")?.rounded(toFractionDigits: 2).plainText == "10")
        #expect(DecimalText(typed: "0.004")?.rounded(toFractionDigits: 2).plainText == "0")
        #expect(DecimalText(typed: "0.0051")?.rounded(toFractionDigits: 2).plainText == "0.01")
    }

    @Test("Renders Doubles exactly as their shortest form, with fixed digits on demand")
    func doubles() {
        #expect(DecimalText.plain(30) == "30")
        #expect(DecimalText.plain(0.00001) == "0.00001")
        #expect(DecimalText.plain(1e16) == "10000000000000000")
        #expect(DecimalText.plain(-2.5) == "-2.5")
        #expect(DecimalText(0.5)?.fixed(fractionDigits: 3) == "0.500")
        #expect(DecimalText(0.12345678)?.fixed(fractionDigits: 4) == "0.1235")
        #expect(DecimalText(.nan) == nil)
    }

    @Test("Whole-number checks, integer values and significant fraction digits")
    func wholeness() {
        #expect(DecimalText(typed: "4.00")?.integerValue == 4)
        #expect(DecimalText(typed: "4.01")?.integerValue == nil)
        #expect(DecimalText(typed: "99999999999999999999")?.integerValue == nil)
        #expect(DecimalText(typed: "72.50")?.significantFractionDigits == 1)
        #expect(DecimalText(typed: "12")?.shifted(byPowerOfTen: -2).doubleValue == 0.12)
    }
}
