print("accelerometer-graph: sample arrives with the Accelerometer module")
