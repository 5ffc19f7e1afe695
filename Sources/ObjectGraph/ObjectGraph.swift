/// ObjectGraph: Core Data's ideas in Swift (model, coordinator, stores, context, fetching, tracing).
public enum ObjectGraphModule {}
