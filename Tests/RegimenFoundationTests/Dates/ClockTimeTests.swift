import RegimenFoundation
import Testing

@Suite("HH:mm: the one time-of-day reader")
struct ClockTimeTests {
    @Test("every minute of the day round-trips through its HH:mm text")
    func roundTrip() {
        for hour in 0..<24 {
            for minute in 0..<60 {
                let time = ClockTime(hour: hour, minute: minute)
                #expect(ClockTime(time.text, hours: .twoDigits) == time)
            }
        }
    }

    @Test(
        "refused in files and at the prompt",
        arguments: [
            "24:00", "23:60", "+1:30", "+01:30", "-1:30", " 8:30", "08:30 ", "0830", "08:3", "08:300", "008:30",
            "08:30:00", "08-30", "", ":", "٠٨:٣٠", "08.30", "1e1:00",
        ])
    func refused(_ text: String) {
        #expect(ClockTime(text, hours: .twoDigits) == nil)
        #expect(ClockTime(text, hours: .oneOrTwoDigits) == nil)
    }

    @Test("a one-digit hour is read only where a person (or ResearchKit's reader) may write one")
    func oneDigitHour() {
        #expect(ClockTime("7:05", hours: .twoDigits) == nil)
        #expect(ClockTime("7:05", hours: .oneOrTwoDigits) == ClockTime(hour: 7, minute: 5))
        #expect(ClockTime("07:05", hours: .oneOrTwoDigits) == ClockTime(hour: 7, minute: 5))
        #expect(ClockTime(hour: 7, minute: 5).text == "07:05")
    }
}
