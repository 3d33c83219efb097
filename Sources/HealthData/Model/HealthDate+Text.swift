import RegimenFoundation

extension HealthDate {
    /// The date as the export writes it, `YYYY-MM-DD HH:MM:SS ±HHMM`, from its instant and written offset
    /// (docs/health-export.md, "Dates").
    package var text: String { DigitText.text(appendText) }

    /// Appends `text`'s bytes to `bytes`.
    package func appendText(to bytes: inout [UInt8]) {
        let local = seconds + Int64(offsetMinutes) * 60
        let day = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        let secondOfDay = Int(local - Int64(day) * 86_400)
        CivilDate(dayNumber: day).appendText(to: &bytes)
        bytes.append(0x20)
        DigitText.append(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(0x3A)
        DigitText.append(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(0x3A)
        DigitText.append(secondOfDay % 60, width: 2, to: &bytes)
        bytes.append(0x20)
        UTCOffset(minutes: Int(offsetMinutes), style: .basic).appendText(to: &bytes)
    }
}
