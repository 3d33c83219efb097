/// Renders a duration in seconds as "1 h 30 min" (seconds shown only when not whole minutes).
enum DurationText {
    /// "1 h 30 min", "2 h", "45 min", "0 min", "1 min 30 s".
    static func text(seconds: Double) -> String {
        guard seconds.isFinite, seconds.magnitude < 1e15 else { return "\(seconds) s" }
        let total = Int(seconds.rounded().magnitude)
        let hours = total / 3600
        let minutes = (total % 3600) / 60
        let rest = total % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 || (hours == 0 && rest == 0) { parts.append("\(minutes) min") }
        if rest > 0 { parts.append("\(rest) s") }
        return (seconds < 0 ? "-" : "") + parts.joined(separator: " ")
    }
}
