/// One `Workout` with everything nested in it: events, statistics, activities and its route
/// (docs/health-export.md, "Workouts"; three generations of the format).
package struct HealthWorkout: Sendable, Hashable {
    /// `workoutActivityType`, e.g. `HKWorkoutActivityTypeRunning`.
    package var activityType: String
    /// Who wrote it.
    package var source: HealthSource
    /// `creationDate`, if written.
    package var creationDate: HealthDate?
    /// `startDate`.
    package var startDate: HealthDate
    /// `endDate`.
    package var endDate: HealthDate
    /// `duration` and the other attributes as written (`durationUnit`, ≤ iOS 15 `totalDistance`,
    /// `totalDistanceUnit`, `totalEnergyBurned`, `totalEnergyBurnedUnit`, …).
    package var attributes: [HealthAttribute]
    /// `MetadataEntry` children (HKTimeZone, HKIndoorWorkout, weather, …).
    package var metadata: [HealthMetadataEntry]
    /// `WorkoutEvent` children directly under the workout.
    package var events: [HealthWorkoutEvent]
    /// `WorkoutStatistics` children directly under the workout.
    package var statistics: [HealthWorkoutStatistic]
    /// `WorkoutActivity` children (iOS 16+).
    package var activities: [HealthWorkoutActivity]
    /// `WorkoutRoute` children (inline `Location`s or a `FileReference` to a GPX file).
    package var routes: [HealthWorkoutRoute]

    /// Creates a workout.
    package init(
        activityType: String, source: HealthSource, creationDate: HealthDate? = nil, startDate: HealthDate,
        endDate: HealthDate, attributes: [HealthAttribute] = [], metadata: [HealthMetadataEntry] = [],
        events: [HealthWorkoutEvent] = [], statistics: [HealthWorkoutStatistic] = [],
        activities: [HealthWorkoutActivity] = [], routes: [HealthWorkoutRoute] = []
    ) {
        self.activityType = activityType
        self.source = source
        self.creationDate = creationDate
        self.startDate = startDate
        self.endDate = endDate
        self.attributes = attributes
        self.metadata = metadata
        self.events = events
        self.statistics = statistics
        self.activities = activities
        self.routes = routes
    }
}

/// A `WorkoutEvent`: `type` (HKWorkoutEventTypePause, …Resume, …Segment, …Lap, …), `date`, optional duration.
package struct HealthWorkoutEvent: Sendable, Hashable {
    /// The event type as written.
    package var type: String
    /// `date`.
    package var date: HealthDate
    /// `duration`, `durationUnit` and any other attributes, as written.
    package var attributes: [HealthAttribute]
    /// `MetadataEntry` children (HKSWOLFScore, HKSwimmingStrokeStyle, …).
    package var metadata: [HealthMetadataEntry]

    /// Creates a workout event.
    package init(
        type: String, date: HealthDate, attributes: [HealthAttribute] = [], metadata: [HealthMetadataEntry] = []
    ) {
        self.type = type
        self.date = date
        self.attributes = attributes
        self.metadata = metadata
    }
}

/// A `WorkoutStatistics`: a quantity type's sum or average/minimum/maximum over the workout or an activity.
package struct HealthWorkoutStatistic: Sendable, Hashable {
    /// The quantity type, e.g. `HKQuantityTypeIdentifierActiveEnergyBurned`.
    package var type: String
    /// `startDate`.
    package var startDate: HealthDate
    /// `endDate`.
    package var endDate: HealthDate
    /// `sum`, `average`, `minimum`, `maximum`, `unit` and any other attributes, as written.
    package var attributes: [HealthAttribute]

    /// Creates a statistic.
    package init(type: String, startDate: HealthDate, endDate: HealthDate, attributes: [HealthAttribute] = []) {
        self.type = type
        self.startDate = startDate
        self.endDate = endDate
        self.attributes = attributes
    }
}

/// A `WorkoutActivity` (iOS 16+): one part of a workout with its own events and statistics.
package struct HealthWorkoutActivity: Sendable, Hashable {
    /// `uuid`, if written.
    package var uuid: String?
    /// `startDate`.
    package var startDate: HealthDate
    /// `endDate`, if written.
    package var endDate: HealthDate?
    /// `duration`, `durationUnit` and any other attributes, as written.
    package var attributes: [HealthAttribute]
    /// `MetadataEntry` children (e.g. `HKActivityType`-like keys, `WOIntervalStepKeyPath`).
    package var metadata: [HealthMetadataEntry]
    /// Its `WorkoutEvent` children.
    package var events: [HealthWorkoutEvent]
    /// Its `WorkoutStatistics` children.
    package var statistics: [HealthWorkoutStatistic]

    /// Creates an activity.
    package init(
        uuid: String?, startDate: HealthDate, endDate: HealthDate?, attributes: [HealthAttribute] = [],
        metadata: [HealthMetadataEntry] = [], events: [HealthWorkoutEvent] = [],
        statistics: [HealthWorkoutStatistic] = []
    ) {
        self.uuid = uuid
        self.startDate = startDate
        self.endDate = endDate
        self.attributes = attributes
        self.metadata = metadata
        self.events = events
        self.statistics = statistics
    }
}

/// A `WorkoutRoute`: its own source and dates, metadata (sync identifier and version), and its points — inline
/// `Location` children, or the GPX file its `FileReference` names, read from the zip.
package struct HealthWorkoutRoute: Sendable, Hashable {
    /// Who wrote it.
    package var source: HealthSource
    /// `creationDate`, if written.
    package var creationDate: HealthDate?
    /// `startDate`, if written.
    package var startDate: HealthDate?
    /// `endDate`, if written.
    package var endDate: HealthDate?
    /// `MetadataEntry` children.
    package var metadata: [HealthMetadataEntry]
    /// The `FileReference path` (`/workout-routes/route_2025-09-16_6.15pm.gpx`), if any.
    package var filePath: String?
    /// The points, inline or from the GPX file; empty when the file is not in the export (see `fileMissing`).
    package var points: [HealthRoutePoint]
    /// True when `filePath` names a file the export does not contain (an export.xml read alone, or a lost file).
    package var fileMissing: Bool
    /// Attributes with no field above, as written (nothing in an export is dropped).
    package var otherAttributes: [HealthAttribute]

    /// Creates a route.
    package init(
        source: HealthSource, creationDate: HealthDate? = nil, startDate: HealthDate? = nil, endDate: HealthDate? = nil,
        metadata: [HealthMetadataEntry] = [], filePath: String? = nil, points: [HealthRoutePoint] = [],
        fileMissing: Bool = false, otherAttributes: [HealthAttribute] = []
    ) {
        self.source = source
        self.creationDate = creationDate
        self.startDate = startDate
        self.endDate = endDate
        self.metadata = metadata
        self.filePath = filePath
        self.points = points
        self.fileMissing = fileMissing
        self.otherAttributes = otherAttributes
    }
}

/// One route point: an inline `Location` or a GPX `trkpt` (time as an instant, meters, m/s, degrees).
package struct HealthRoutePoint: Sendable, Hashable {
    /// When, in seconds since 1970 UTC (GPX times may carry fractions).
    package var time: Double
    /// Latitude in degrees.
    package var latitude: Double
    /// Longitude in degrees.
    package var longitude: Double
    /// Altitude or elevation in meters, if written.
    package var altitude: Double?
    /// Horizontal accuracy in meters, if written.
    package var horizontalAccuracy: Double?
    /// Vertical accuracy in meters, if written.
    package var verticalAccuracy: Double?
    /// Course in degrees, if written.
    package var course: Double?
    /// Speed in m/s, if written.
    package var speed: Double?

    /// Creates a point.
    package init(
        time: Double, latitude: Double, longitude: Double, altitude: Double? = nil, horizontalAccuracy: Double? = nil,
        verticalAccuracy: Double? = nil, course: Double? = nil, speed: Double? = nil
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
    }
}
