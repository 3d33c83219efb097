import CareModel
import CareStore
import Foundation

/// The plans and links of one day of the care feed (docs/care-plans.md, "In the care feed"): each shown task
/// version's plan and links, and the plans in force that day, their texts in the participant's language.
struct FeedPlans {
    /// The plan and links of each task version shown, by its uuid.
    var details: [UUID: TaskCareDetails] = [:]
    /// The plans in force on the day, by id.
    var plans: [String: CarePlan] = [:]
    /// Texts in the participant's language.
    var translate = CareTextTranslations.Translator(texts: [:])

    /// Nothing to group or link.
    static let none = FeedPlans()

    /// Reads the plans and links of `day`'s lines from the store; `.none` when no line has either.
    static func read(
        _ day: CareFeedDay, store: CareStore, dayEnd: Date, translate: CareTextTranslations.Translator
    ) throws(RegimenError) -> FeedPlans {
        let uuids = day.lines.map(\.event.task.uuid)
        let details = try storeCall { () throws(CareStoreError) in try store.taskCare(for: uuids) }
        guard details.values.contains(where: { !$0.isEmpty }) else { return .none }
        var plans: [String: CarePlan] = [:]
        if details.values.contains(where: { $0.planID != nil }) {
            let versions = try storeCall { () throws(CareStoreError) in try store.planVersions() }
            // The version in force at the day's end, as a task's (docs/carekit-store.md, "Which version is in force").
            for (id, chain) in versions {
                if let plan = CareStore.inForce(chain, at: dayEnd.addingTimeInterval(-1)) { plans[id] = plan }
            }
        }
        return FeedPlans(details: details, plans: plans, translate: translate)
    }

    /// The plan a line's task version belongs to, if it names one in force on the day.
    func plan(of line: CareFeedDay.Line) -> CarePlan? {
        details[line.event.task.uuid]?.planID.flatMap { plans[$0] }
    }

    /// The links of a line's task version.
    func links(of line: CareFeedDay.Line) -> [TaskLink] {
        details[line.event.task.uuid]?.links ?? []
    }

    /// The day's lines by plan, in order of each plan's first line, the lines in no plan last (nil); one group when
    /// they are all in the same plan or none.
    func groups(_ lines: [CareFeedDay.Line]) -> [(plan: CarePlan?, lines: [CareFeedDay.Line])] {
        var order: [String?] = []
        var byPlan: [String?: [CareFeedDay.Line]] = [:]
        for line in lines {
            let id = plan(of: line)?.id
            if byPlan[id] == nil { order.append(id) }
            byPlan[id, default: []].append(line)
        }
        order.sort { ($0 == nil ? 1 : 0) < ($1 == nil ? 1 : 0) }
        return order.map { id in (id.flatMap { plans[$0] }, byPlan[id] ?? []) }
    }
}
