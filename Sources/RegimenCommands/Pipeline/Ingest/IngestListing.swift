/// Walks the folders `regimen ingest` reads on another thread (`IngestFileList.collect`) while the caller loads the
/// surveys, and works out their reading order there too when asked; `found()` waits for it. The walk makes no string
/// per file (`IngestFiles`), so nothing the walk allocated is freed on the caller's thread later (docs/performance.md,
/// "Ingest"). A command that fails before it asks (a bad survey) exits without waiting: the
/// walk only reads folders, so there is nothing to stop or clean up.
final class IngestListing: Sendable {
    private let walk: BackgroundResult<IngestFileList.Found>

    /// Starts listing `paths`; with `readingOrder`, the files' `IngestFiles.readingOrder()` is worked out as well.
    init(_ paths: [String], environment: RegimenEnvironment, readingOrder: Bool) {
        walk = BackgroundResult {
            var found = IngestFileList.collect(paths, environment: environment)
            if readingOrder { found.files.prepareReadingOrder() }
            return found
        }
    }

    /// What the walk found (waits until it is done; call once).
    func found() -> IngestFileList.Found {
        walk.take() ?? IngestFileList.Found()
    }
}
