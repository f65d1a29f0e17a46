export type RequestStatus = 'Pending' | 'Approved' | 'Rejected' | string;

export interface DepositRecord {
  id: string | number;
  _id?: string | number;
  userName: string;
  phoneNumber: string;
  deposite: number;
  Utr: string;
  status: RequestStatus;
  createdAt: string;
}

export interface WithdrawalRecord {
  id: string | number;
  _id?: string | number;
  userName: string;
  upi_id: string;
  phoneNumber: string;
  withdrawAmount: number;
  status: RequestStatus;
  createdAt: string;
}
