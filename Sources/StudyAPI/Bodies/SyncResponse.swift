/// The answer to `POST /v1/sync`: the empty push's answer and the first pull page.
package struct SyncResponse: Codable, Sendable, Equatable {
    /// What the push recorded.
    package var push: PushResponse
    /// The rows after the anchor (none for an up-to-date device).
    package var pull: PullResponse

    /// An answer.
    package init(push: PushResponse, pull: PullResponse) {
        self.push = push
        self.pull = pull
    }
}
