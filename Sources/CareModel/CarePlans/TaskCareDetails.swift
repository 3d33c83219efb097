/// What a task version's survey file says about its place in the care plan: the plan it belongs to and its links.
package struct TaskCareDetails: Sendable, Hashable, Codable {
    /// The id of the plan the task belongs to, if any.
    package var planID: String?
    /// The links shown beside the task, in file order.
    package var links: [TaskLink]

    /// Creates the details.
    package init(planID: String? = nil, links: [TaskLink] = []) {
        self.planID = planID
        self.links = links
    }

    /// Whether the file says nothing about plans or links.
    package var isEmpty: Bool { planID == nil && links.isEmpty }
}
