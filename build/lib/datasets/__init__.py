"""Sample datasets: generators, real labelled sets bundled with scikit-learn, CSV upload."""

from datasets.base import Dataset, standardize, subsample
from datasets.registry import DATASETS, MAX_SAMPLES, MIN_SAMPLES, DatasetSpec, load
from datasets.upload import MAX_CSV_ROWS, read_csv

__all__ = ["DATASETS", "MAX_CSV_ROWS", "MAX_SAMPLES", "MIN_SAMPLES", "Dataset", "DatasetSpec",
           "load", "read_csv", "standardize", "subsample"]
