package import CareStore

/// Runs a care store call, wrapping its error for the one rendering place.
package func storeCall<T>(_ body: () throws(CareStoreError) -> T) throws(RegimenError) -> T {
    do {
        return try body()
    } catch {
        throw .store(error)
    }
}
