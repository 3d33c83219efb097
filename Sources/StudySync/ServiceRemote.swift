import CareModel
import Foundation
import StudyAPI
import StudyClient

/// The study reached through the study service with the device's token (docs/study-service.md).
package struct ServiceRemote: StudyRemote {
    /// The service's client, holding the device's token.
    package let client: StudyServiceClient

    /// The study behind `client`.
    package init(client: StudyServiceClient) {
        self.client = client
    }

    package func push(_ changes: [DeviceChange], outboxEnd: Int64, deviceNow: Date) async throws(StoreSyncError) -> PushReport {
        let answer: PushResponse
        do throws(StudyClientError) {
            answer = try await client.push(PushRequest(outboxEnd: outboxEnd, deviceNow: deviceNow, changes: changes.map(ChangeRecord.init)))
        } catch {
            throw .service(error)
        }
        do throws(JSONPlaceError) {
            return try answer.report()
        } catch {
            throw .service(.malformedResponse(place: error.place, problem: error.problem))
        }
    }

    package func pull(after anchor: Int64, limit: Int) async throws(StoreSyncError) -> PullPage {
        let answer: PullResponse
        do throws(StudyClientError) {
            answer = try await client.pull(after: anchor, limit: limit)
        } catch {
            throw .service(error)
        }
        do throws(JSONPlaceError) {
            let page = try answer.page()
            guard page.after == anchor else {
                throw JSONPlaceError(place: "after", problem: "expected the anchor asked for, \(anchor)")
            }
            return page
        } catch {
            throw .service(.malformedResponse(place: error.place, problem: error.problem))
        }
    }
}
