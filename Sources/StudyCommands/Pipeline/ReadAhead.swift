import RegimenCommands
import StudyDatabase

/// Work on a list done a few items ahead of its consumer: each item's `produce` runs in a task of its own, at most
/// `ahead` at once, and `consume` gets the products in the list's order. Researchers' tables use it to read and render
/// the next participants while the rows of the one before are written, so the database, the decoding and the
/// rendering use every core and memory holds `ahead` participants at most (docs/study-database.md, "What researchers
/// read"). On an error the tasks still running are cancelled and waited for, and the first error is thrown.
enum ReadAhead {
    static func run<Item: Sendable, Product: Sendable>(
        _ items: [Item], ahead: Int = 2,
        produce: @escaping @Sendable (Item) async throws(StudyDatabaseError) -> Product,
        consume: (Product) throws(RegimenError) -> Void
    ) async throws(RegimenError) {
        var pending: [Task<Product, any Error>] = []
        var next = 0
        do {
            while next < items.count || !pending.isEmpty {
                while next < items.count, pending.count < max(ahead, 1) {
                    let item = items[next]
                    next += 1
                    pending.append(Task { try await produce(item) })
                }
                try consume(try await pending.removeFirst().value)
            }
        } catch {
            for task in pending { task.cancel() }
            for task in pending { _ = try? await task.value }
            switch error {
            case let error as RegimenError: throw error
            case let error as StudyDatabaseError: throw .study(error)
            default: throw .failure(String(describing: error))
            }
        }
    }
}
