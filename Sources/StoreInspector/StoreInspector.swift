/// StoreInspector: read-only analysis of any Core Data SQLite store (DESIGN.md §4).
public enum StoreInspectorModule {}
