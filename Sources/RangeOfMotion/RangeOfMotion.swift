import ResearchTasks

/// Range-of-motion math. (Being built.)
public enum RangeOfMotionPlaceholder {}
