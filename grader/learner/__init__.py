"""The learner's data: the drills found on disk (registry), where the learner's files and progress
live (home), the progress store and its backups (store), the review schedule (schedule) and the
recording of a verdict into them (record)."""
