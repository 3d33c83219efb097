/// The care store. (Being built.)
public enum CareStorePlaceholder {}
