import Foundation

/// Which source counts where samples overlap: its tier, then its source name in code-point order — Regimen's
/// stated rule in place of Health's unpublished one (docs/health-export.md, "Source priority"). Lower is stronger.
package struct HealthSourcePriority: Sendable, Hashable, Comparable {
    /// The tier of a sample's source.
    package enum Tier: Int, Sendable, Hashable, Comparable {
        /// Entered by hand (`HKWasUserEntered` = 1).
        case userEntered = 0
        /// An Apple Watch.
        case watch = 1
        /// An iPhone.
        case iPhone = 2
        /// Any other source (apps, scales, other phones).
        case other = 3

        /// Orders by strength: hand-entered first.
        package static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The tier from the user-entered flag, the `device` description and the source name: a `device` whose
        /// `model:` field is `Watch` or `iPhone` decides; without one, a source name containing "Watch" or
        /// "iPhone" does.
        package init(userEntered: Bool, device: String?, sourceName: String) {
            if userEntered {
                self = .userEntered
            } else if let model = device.flatMap(Self.model(inDevice:)) {
                self = model.hasPrefix("Watch") ? .watch : model.hasPrefix("iPhone") ? .iPhone : .other
            } else if sourceName.contains("Watch") {
                self = .watch
            } else if sourceName.contains("iPhone") {
                self = .iPhone
            } else {
                self = .other
            }
        }

        /// The `model:` field of an `HKDevice` description (`…, model:Watch, hardware:Watch6,10, …`).
        static func model(inDevice device: String) -> String? {
            guard let range = device.range(of: "model:") else { return nil }
            let rest = device[range.upperBound...]
            let end = rest.firstIndex { $0 == "," || $0 == ">" } ?? rest.endIndex
            let model = rest[..<end].trimmingCharacters(in: .whitespaces)
            return model.isEmpty ? nil : model
        }
    }

    /// The tier.
    package var tier: Tier
    /// The source name, compared by Unicode code points.
    package var sourceName: String

    /// Creates a priority.
    package init(tier: Tier, sourceName: String) {
        self.tier = tier
        self.sourceName = sourceName
    }

    /// Tier first, then the source name by code points (not a locale's collation).
    package static func < (lhs: HealthSourcePriority, rhs: HealthSourcePriority) -> Bool {
        if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
        return lhs.sourceName.unicodeScalars.lexicographicallyPrecedes(rhs.sourceName.unicodeScalars) {
            $0.value < $1.value
        }
    }

    /// Ranks every distinct priority of `priorities` (0 = strongest), so a sweep compares integers.
    static func ranks(of priorities: some Sequence<HealthSourcePriority>) -> [HealthSourcePriority: Int] {
        let sorted = Set(priorities).sorted()
        return Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($0.element, $0.offset) })
    }

    /// Gives each distinct priority an id as samples stream past (one lookup per sample, none when a sample has the
    /// previous one's source), then maps the ids to ranks once all are known.
    struct Ranker {
        private var ids: [HealthSourcePriority: Int] = [:]
        private var seen: [HealthSourcePriority] = []
        private var last: (priority: HealthSourcePriority, id: Int)?

        /// The id of `priority` (its first-seen position).
        mutating func id(of priority: HealthSourcePriority) -> Int {
            if let last, last.priority.tier == priority.tier, last.priority.sourceName == priority.sourceName {
                return last.id
            }
            let id: Int
            if let known = ids[priority] {
                id = known
            } else {
                id = seen.count
                ids[priority] = id
                seen.append(priority)
            }
            last = (priority, id)
            return id
        }

        /// `ranks()[id]` is the rank of the priority with that id (0 = strongest).
        func ranks() -> [Int] {
            var ranks = [Int](repeating: 0, count: seen.count)
            for (rank, id) in seen.indices.sorted(by: { seen[$0] < seen[$1] }).enumerated() { ranks[id] = rank }
            return ranks
        }
    }
}
