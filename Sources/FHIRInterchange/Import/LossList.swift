/// The losses of one import, in the order they were found (a reference type: decoding and mapping add to one list).
final class LossList {
    /// The losses so far.
    private(set) var losses: [FHIRImportLoss] = []

    /// Adds a loss about `subject`.
    func add(_ subject: FHIRImportLoss.Subject, _ reason: String) {
        let loss = FHIRImportLoss(subject, reason)
        if !losses.contains(loss) { losses.append(loss) }
    }
}
