/// Suggests the closest allowed key for a typo ("titel" → "title").
enum KeySuggestion {
    /// The allowed key closest to `key` when it is near enough to be a plausible typo.
    static func closest(to key: String, in allowed: [String]) -> String? {
        let lowered = key.lowercased()
        let scored = allowed.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(1, min(3, best.0.count / 3))
        return best.1 <= limit ? best.0 : nil
    }

    /// Levenshtein edit distance.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs), b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return previous[b.count]
    }
}
