"""Sample datasets: generators, real labelled sets bundled with scikit-learn, CSV upload."""

from datasets.base import Dataset, standardize
from datasets.registry import DATASETS, MAX_SAMPLES, MIN_SAMPLES, DatasetSpec, load

__all__ = ["DATASETS", "MAX_SAMPLES", "MIN_SAMPLES", "Dataset", "DatasetSpec", "load",
           "standardize"]
